import { eventually } from '@poetry/test-support/eventually';
import { writePoem } from '@poetry/test-support/poems';
import { tokenIn, useSmtpServer } from '@poetry/test-support/smtp';
import { afterEach, expect, it, vi } from 'vitest';
import { follower, newPoemMails, oneClickUnsubscribe } from '../support/followers.js';
import { loggedInAuthor } from '../support/logged-in-authors.js';
import { expectProblem } from '../support/problems.js';
import { useTestServer } from '../support/server.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const smtp = useSmtpServer();
const server = useTestServer(() => ({ SMTP_URL: smtp.url, RETENTION_SWEEP_INTERVAL_MS: '50' }));
afterEach(() => {
  vi.useRealTimers();
});

/** A reader's tokens, and the new-poem mails sent to them still kept. A look no endpoint can give. */
async function leftFor(reader: { id: string }) {
  const { rows } = await server.pool.query<{ tokens: number; mails: number }>(
    `SELECT (SELECT count(*) FROM auth_token WHERE author_id = $1)::int AS tokens,
       (SELECT count(*) FROM mail_outbox WHERE dedupe_key LIKE 'new_poem:%:' || $1)::int AS mails`,
    [reader.id],
  );
  return rows[0];
}

it('deletes tokens past their expiry and mail sent over a week ago, and nothing still of use', async () => {
  const poet = await loggedInAuthor(server, { firstname: 'Emily', lastname: 'Dickinson' });
  const reader = await follower(server, smtp, poet);
  const poem = await writePoem(poet.client, { title: 'Kept a while' });
  await eventually('the new-poem mail', () => newPoemMails(smtp, reader.email, poem.title).length === 1);
  const [mail] = newPoemMails(smtp, reader.email, poem.title);
  // The verification (used) and the unsubscribe tokens; the new-poem mail.
  expect(await leftFor(reader)).toEqual({ tokens: 2, mails: 1 });

  // 61 days on: the unsubscribe link (60 days) has expired, the mail was sent long ago.
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + 61 * DAY_MS);
  await reader.client.auth.forgotPassword({ body: { email: reader.email } });
  const reset = await smtp.waitFor(reader.email, { subject: 'Reset your password' });
  await eventually('the old rows deleted', async () => {
    const left = await leftFor(reader);
    return left?.tokens === 1 && left.mails === 0;
  });

  // The expired link says so, as it did before it was deleted; the new one works.
  if (mail) await expectProblem(oneClickUnsubscribe(server, mail), 422, 'unprocessable');
  await reader.client.auth.resetPassword({
    body: {
      token: tokenIn(reset),
      new_password: 'a new password for later',
      confirmed_password: 'a new password for later',
    },
  });
});
