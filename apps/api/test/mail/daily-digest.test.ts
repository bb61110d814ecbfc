import { eventually } from '@poetry/test-support/eventually';
import { writePoem } from '@poetry/test-support/poems';
import { useSmtpServer } from '@poetry/test-support/smtp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  digestMails,
  follower,
  header,
  newPoemMails,
  oneClickUnsubscribe,
  whenNewPoemMailSettled,
} from '../support/followers.js';
import { loggedInAuthor } from '../support/logged-in-authors.js';
import { type TestServer, useTestServer, useTwoTestServers } from '../support/server.js';

const DAY_MS = 24 * 60 * 60 * 1000;
// Half a day away, so that no digest hour passes by itself while the tests run.
const DIGEST_HOUR = (new Date().getUTCHours() + 12) % 24;

const smtp = useSmtpServer();
/**
 * A server of the `describe` block's own: a digest hour's run is recorded once, so each block's
 * days start afresh. Batches of 2 readers, so that a run takes several.
 */
const digestEnv = () => ({
  SMTP_URL: smtp.url,
  DIGEST_HOUR_UTC: String(DIGEST_HOUR),
  NEW_POEM_FANOUT_BATCH: '2',
});
const useDigestServer = () => useTestServer(digestEnv);
afterEach(() => {
  vi.useRealTimers();
});

/**
 * The service's clock (in this process: `Date` only, timers run as ever) a day on, so that the
 * next digest hour has passed, and the day before it holds what was published until now.
 */
function aDayPasses() {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + DAY_MS);
}

/** Waits until `runs` digest hours have been recorded and expanded into the outbox, and it is sent. */
async function whenDigestsSent(server: TestServer, runs: number) {
  await eventually(`${runs} digest runs`, async () => {
    const { rows } = await server.pool.query<{ done: number }>(
      'SELECT count(*)::int AS done FROM new_poem_digest WHERE done_at IS NOT NULL',
    );
    return rows[0]?.done === runs;
  });
  await whenNewPoemMailSettled(server);
}

describe('the daily digest', () => {
  const server = useDigestServer();

  it('mails a reader who chose daily one digest of the day’s poems of the poets they follow, and no mail a poem', async () => {
    const emily = await loggedInAuthor(server, { firstname: 'Emily', lastname: 'Dickinson' });
    const walt = await loggedInAuthor(server, { firstname: 'Walt', lastname: 'Whitman' });
    const idle = await loggedInAuthor(server);
    const reader = await follower(server, smtp, emily, { setting: 'daily' });
    await reader.client.author.followers.follow({ params: { authorId: walt.id } });
    const eachReader = await follower(server, smtp, emily);
    const othersDaily = [];
    for (let i = 0; i < 4; i++) othersDaily.push(await follower(server, smtp, idle, { setting: 'daily' }));

    const hope = await writePoem(emily.client, {
      title: 'Hope is the thing with feathers',
      body: 'Hope is the thing with feathers\nThat perches in the soul\nAnd sings the tune without the words\nAnd never stops at all\nAnd sweetest in the gale\n\nI’ve heard it',
    });
    const grass = await writePoem(walt.client, { title: 'A child said, What is the grass?' });
    await writePoem(emily.client, { title: 'A draft', publish: false });
    const withdrawn = await writePoem(walt.client, { title: 'Withdrawn' });
    await walt.client.me.poems.update({ params: { poemId: withdrawn.id }, body: { is_published: false } });
    await whenNewPoemMailSettled(server);
    expect(newPoemMails(smtp, eachReader.email, hope.title)).toHaveLength(1);
    expect(newPoemMails(smtp, reader.email, hope.title)).toEqual([]);
    expect(digestMails(smtp, reader.email)).toEqual([]);

    // The server recorded its first digest hour, the one before these poems, as it started.
    aDayPasses();
    const digest = await smtp.waitFor(reader.email, {
      subject: `Your daily poems: "${hope.title}" by Emily Dickinson and 1 more`,
    });
    await whenDigestsSent(server, 2);

    expect(digest.text).toContain('In the last day, the poets you follow published 2 new poems.');
    // Four lines of each poem's first stanza, each poem linked.
    expect(digest.text).toContain(
      '"Hope is the thing with feathers" by Emily Dickinson\n\nHope is the thing with feathers\nThat perches in the soul\nAnd sings the tune without the words\nAnd never stops at all\n\n',
    );
    expect(digest.text).not.toContain('And sweetest in the gale');
    expect(digest.text).toContain(`Read "${hope.title}": http://localhost:3000/poem/${hope.id}`);
    expect(digest.text).toContain(`Read "${grass.title}": http://localhost:3000/poem/${grass.id}`);
    expect(digest.text).not.toContain('A draft');
    expect(digest.text).not.toContain('Withdrawn');
    expect(digest.html).toContain(
      `<a href="http://localhost:3000/poem/${hope.id}">Read &quot;${hope.title}&quot;</a>`,
    );
    expect(digest.text).toContain('Get a mail for each poem instead: http://localhost:3000/studio/account');
    expect(header(digest, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    expect(digestMails(smtp, reader.email)).toHaveLength(1);
    expect(digestMails(smtp, eachReader.email)).toEqual([]);
    for (const other of othersDaily) expect(digestMails(smtp, other.email)).toEqual([]);

    // A day with no new poem sends none.
    aDayPasses();
    await whenDigestsSent(server, 3);
    expect(digestMails(smtp, reader.email)).toHaveLength(1);

    // One click from the mail client, and no digest comes again.
    const clicked = await oneClickUnsubscribe(server, digest);
    expect(clicked.status).toBe(200);
    expect((await reader.client.me.get()).author.new_poem_mail).toBe('off');
  });
});

describe('the daily digest after a mail a poem', () => {
  const server = useDigestServer();

  it('leaves out of the digest a poem the reader was mailed alone before they chose daily', async () => {
    const poet = await loggedInAuthor(server, { firstname: 'Walt', lastname: 'Whitman' });
    const reader = await follower(server, smtp, poet);
    const mailed = await writePoem(poet.client, { title: 'O Captain! My Captain!' });
    await smtp.waitFor(reader.email, { subject: `"${mailed.title}", a new poem by Walt Whitman` });
    await reader.client.me.update({ body: { new_poem_mail: 'daily' } });
    const later = await writePoem(poet.client, { title: 'I Hear America Singing' });
    await whenNewPoemMailSettled(server);

    aDayPasses();
    const digest = await smtp.waitFor(reader.email, {
      subject: `Your daily poems: "${later.title}" by Walt Whitman`,
    });
    expect(digest.text).toContain('In the last day, the poets you follow published a new poem.');
    expect(digest.text).not.toContain(mailed.title);
    expect(newPoemMails(smtp, reader.email, later.title)).toEqual([]);
  });
});

describe('a digest of a prolific day', () => {
  const server = useDigestServer();

  it('shows the first 20 poems and links the rest in the reader’s feed', async () => {
    const poet = await loggedInAuthor(server, { firstname: 'Walt', lastname: 'Whitman' });
    const reader = await follower(server, smtp, poet, { setting: 'daily' });
    const poems = [];
    for (let i = 1; i <= 22; i++) poems.push(await writePoem(poet.client, { title: `Leaf ${i}` }));

    aDayPasses();
    await whenDigestsSent(server, 2);
    const [digest] = digestMails(smtp, reader.email);
    expect(digest?.subject).toBe('Your daily poems: "Leaf 1" by Walt Whitman and 21 more');
    const linked = poems.filter((poem) => digest?.text?.includes(`http://localhost:3000/poem/${poem.id}`));
    expect(linked.map((poem) => poem.title)).toEqual(poems.slice(0, 20).map((poem) => poem.title));
    expect(digest?.text).toContain('And 2 more in your feed: http://localhost:3000/studio/feed');
  });
});

describe('the daily digest with two instances', () => {
  // Both look for digest hours and mails every 10 ms, so their runs overlap.
  const servers = useTwoTestServers(() => ({ ...digestEnv(), MAIL_POLL_INTERVAL_MS: '10' }));

  it('mails each reader one digest when both instances expand the same run', async () => {
    const { first, second } = servers;
    const poet = await loggedInAuthor(first, { firstname: 'Emily', lastname: 'Dickinson' });
    const readers = [];
    for (let i = 0; i < 9; i++) {
      readers.push(await follower(i % 2 ? first : second, smtp, poet, { setting: 'daily' }));
    }
    const poem = await writePoem(poet.client, { title: 'Because I could not stop for Death' });
    await whenDigestsSent(first, 1);

    aDayPasses();
    await whenDigestsSent(first, 2);
    for (const reader of readers) {
      expect(digestMails(smtp, reader.email).map((mail) => mail.subject)).toEqual([
        `Your daily poems: "${poem.title}" by Emily Dickinson`,
      ]);
    }
  });
});
