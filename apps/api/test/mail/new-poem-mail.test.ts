import { setTimeout as sleep } from 'node:timers/promises';
import { eventually } from '@poetry/test-support/eventually';
import { inMs, SOON_MS, whenPublished, writePoem } from '@poetry/test-support/poems';
import { useSmtpServer } from '@poetry/test-support/smtp';
import { describe, expect, it } from 'vitest';
import { follower, newPoemMails, whenNewPoemMailSettled } from '../support/followers.js';
import { loggedInAuthor } from '../support/logged-in-authors.js';
import { useTestServer, useTwoTestServers } from '../support/server.js';

const smtp = useSmtpServer();

describe('new-poem mail to followers', () => {
  // A batch of 2 followers, so that a poet's few followers take several batches.
  const server = useTestServer(() => ({ SMTP_URL: smtp.url, NEW_POEM_FANOUT_BATCH: '2' }));

  it('mails each verified follower who wants each mail once; none to the unverified, off or others; never again on a republish', async () => {
    const poet = await loggedInAuthor(server, { firstname: 'Emily', lastname: 'Dickinson' });
    const wanting = [];
    for (let i = 0; i < 5; i++) wanting.push(await follower(server, smtp, poet));
    const unwanting = [
      await follower(server, smtp, poet, { verified: false }),
      await follower(server, smtp, poet, { setting: 'off' }),
    ];
    const stranger = await loggedInAuthor(server);

    const poem = await writePoem(poet.client, { title: 'Hope is the thing with feathers' });
    await whenNewPoemMailSettled(server);
    const unpublish = (is_published: boolean) =>
      poet.client.me.poems.update({ params: { poemId: poem.id }, body: { is_published } });
    await unpublish(false);
    await unpublish(true);
    await poet.client.me.poems.update({ params: { poemId: poem.id }, body: { body: 'An edit' } });
    await whenNewPoemMailSettled(server);

    for (const reader of wanting) expect(newPoemMails(smtp, reader.email, poem.title)).toHaveLength(1);
    for (const reader of [...unwanting, stranger, poet]) {
      expect(newPoemMails(smtp, reader.email, poem.title)).toHaveLength(0);
    }
  });

  it('sends no more of a poem unpublished or deleted before its mails went out', async () => {
    const poet = await loggedInAuthor(server);
    const readers = [await follower(server, smtp, poet), await follower(server, smtp, poet)];
    // With SMTP down, the mails are queued and tried, and wait.
    await smtp.stop();
    try {
      const unpublished = await writePoem(poet.client, { title: 'Unpublished before sent' });
      const deleted = await writePoem(poet.client, { title: 'Deleted before sent' });
      const tried = async () => {
        const { rows } = await server.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'new_poem' AND attempts > 0 AND sent_at IS NULL`,
        );
        return rows[0]?.n === 4;
      };
      await eventually('the new-poem mails to be tried', tried);
      await poet.client.me.poems.update({
        params: { poemId: unpublished.id },
        body: { is_published: false },
      });
      await poet.client.me.poems.delete({ params: { poemId: deleted.id } });
    } finally {
      await smtp.start();
    }
    await whenNewPoemMailSettled(server);
    for (const reader of readers) {
      expect(smtp.to(reader.email).filter((mail) => mail.subject?.includes('a new poem by'))).toEqual([]);
    }
  });
});

describe('new-poem mail with two instances', () => {
  // Both look for due poems, jobs and mails every 10 ms, so their runs overlap.
  const servers = useTwoTestServers(() => ({
    SMTP_URL: smtp.url,
    NEW_POEM_FANOUT_BATCH: '3',
    PUBLISH_POLL_INTERVAL_MS: '10',
    MAIL_POLL_INTERVAL_MS: '10',
  }));

  it('mails each follower once when the scheduler and a hand publish race, both instances fanning out', async () => {
    const { first, second } = servers;
    const poet = await loggedInAuthor(first);
    const readers = [];
    for (let i = 0; i < 10; i++) readers.push(await follower(i % 2 ? first : second, smtp, poet));

    const publishAt = inMs(SOON_MS);
    const poem = await writePoem(poet.client, { title: 'Scheduled and published by hand', publish: false });
    await poet.client.me.poems.update({ params: { poemId: poem.id }, body: { publish_at: publishAt } });
    await sleep(new Date(publishAt).getTime() - Date.now());
    // The scheduler publishes it about now, on either instance; the author does too, on the other.
    const byHand = second.client(poet.client.session.export());
    await byHand.me.poems.update({ params: { poemId: poem.id }, body: { is_published: true } });
    await whenPublished(poet.client, poem.id);
    await whenNewPoemMailSettled(first);

    for (const reader of readers) expect(newPoemMails(smtp, reader.email, poem.title)).toHaveLength(1);
  });
});
