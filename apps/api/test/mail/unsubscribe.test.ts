import { writePoem } from '@poetry/test-support/poems';
import { type CapturedMail, useSmtpServer } from '@poetry/test-support/smtp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { follower, header, newPoemMails, oneClickUnsubscribe } from '../support/followers.js';
import { loggedInAuthor } from '../support/logged-in-authors.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const smtp = useSmtpServer();
const server = useTestServer(() => ({ SMTP_URL: smtp.url }));
afterEach(() => {
  vi.useRealTimers();
});

const STANZA = Array.from({ length: 14 }, (_, i) => `line ${i + 1} <of> the first & only`);
const TITLE = '<Odes> & "Quotes" 🌊';

/** A new verified follower of a new poet, and the mail of the poet's poem to them. */
async function newPoemMail() {
  const poet = await loggedInAuthor(server, { firstname: 'Emily', lastname: 'Dickinson' });
  const reader = await follower(server, smtp, poet);
  const poem = await writePoem(poet.client, {
    title: TITLE,
    body: `${STANZA.join('\n')}\n\nThe second stanza`,
  });
  const mail = await smtp.waitFor(reader.email, { nth: 2 });
  return { poet, reader, poem, mail };
}

const oneClick = (mail: CapturedMail, body?: string) => oneClickUnsubscribe(server, mail, body);

describe('the new-poem mail', () => {
  it('says in text and HTML whose poem it is, quotes its first stanza (12 lines at most), links it, says why and how to stop', async () => {
    const { poem, mail } = await newPoemMail();
    expect(mail.subject).toBe(`"${TITLE}", a new poem by Emily Dickinson`);
    const quoted = STANZA.slice(0, 12);
    expect(mail.text).toContain(quoted.join('\n'));
    expect(mail.text).toContain(`Read the whole poem: http://localhost:3000/poem/${poem.id}`);
    expect(mail.text).toContain('You get this mail because you follow Emily Dickinson.');
    expect(mail.text).toMatch(
      /Stop the mails about new poems: http:\/\/localhost:3000\/unsubscribe\?token=[\w-]+/,
    );
    const escapedLines = quoted.map((_, i) => `line ${i + 1} &lt;of&gt; the first &amp; only`);
    expect(mail.html).toContain(`<p style="font-style: italic">${escapedLines.join('<br>\n')}</p>`);
    expect(mail.html).toContain('&lt;Odes&gt; &amp; &quot;Quotes&quot; 🌊');
    expect(mail.html).toContain(`<a href="http://localhost:3000/poem/${poem.id}">`);
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toContain(STANZA[12]);
      expect(body).not.toContain('The second stanza');
    }
    expect(header(mail, 'List-Id')).toBe('New poems on Poetry <new-poems.localhost>');
    expect(header(mail, 'List-Unsubscribe')).toMatch(
      /^<http:\/\/localhost:3000\/api\/mail\/unsubscribe\?token=[\w-]+>$/,
    );
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });
});

describe('POST /api/mail/unsubscribe', () => {
  it('turns the new-poem mail off with one click from any origin, without a cookie; the used link then does nothing', async () => {
    const { reader, mail } = await newPoemMail();
    const response = await oneClick(mail);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ new_poem_mail: 'off' });
    expect((await reader.client.me.get()).author.new_poem_mail).toBe('off');

    await reader.client.me.update({ body: { new_poem_mail: 'each' } });
    await expectProblem(oneClick(mail), 422, 'unprocessable');
    expect((await reader.client.me.get()).author.new_poem_mail).toBe('each');
  });

  it('does nothing for a forged or expired token, or without the one-click body', async () => {
    const { reader, mail } = await newPoemMail();
    await expectProblem(oneClick(mail, ''), 400, 'validation_failed', ['List-Unsubscribe']);
    await expectProblem(oneClick(mail, 'List-Unsubscribe=Yes'), 400, 'validation_failed', [
      'List-Unsubscribe',
    ]);
    const forged = send(`${server.url}/api/mail/unsubscribe?token=${'A'.repeat(43)}`, 'POST', {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await expectProblem(forged, 422, 'unprocessable');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 24 * 3600 * 1000);
    await expectProblem(oneClick(mail), 422, 'unprocessable');
    vi.useRealTimers();
    expect((await reader.client.me.get()).author.new_poem_mail).toBe('each');
    expect(newPoemMails(smtp, reader.email, TITLE)).toHaveLength(1);
  });
});
