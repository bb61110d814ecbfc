import { expect, it } from 'vitest';
import { follower, newPoemMails, whenNewPoemMailSettled } from '../support/followers.js';
import { loggedInAuthor } from '../support/logged-in-authors.js';
import { writePoem } from '../support/poems.js';
import { useTestServer } from '../support/server.js';
import { useSmtpServer } from '../support/smtp.js';

const RATE = 5;
const READERS = 16;

const smtp = useSmtpServer();
const server = useTestServer(() => ({ SMTP_URL: smtp.url, MAIL_SEND_RATE: String(RATE) }));

it('sends no more than MAIL_SEND_RATE mails a second, however many are queued', async () => {
  const poet = await loggedInAuthor(server);
  const readers = [];
  for (let i = 0; i < READERS; i++) readers.push(await follower(server, smtp, poet));
  const poem = await writePoem(poet.client, { title: 'Paced' });
  await whenNewPoemMailSettled(server);

  const times = readers
    .flatMap((reader) => newPoemMails(smtp, reader.email, poem.title))
    .map((mail) => mail.receivedAt)
    .sort((a, b) => a - b);
  expect(times).toHaveLength(READERS);
  // One mail each 1/RATE s: 3 s from the first to the last. A loaded machine only stretches that;
  // the second of slack is for a first mail that is slower to write than the others. Unpaced,
  // they take a quarter of a second.
  const spanMs = (times.at(-1) ?? 0) - (times[0] ?? 0);
  expect(spanMs).toBeGreaterThan(((READERS - 1) / RATE) * 1000 - 1000);
});
