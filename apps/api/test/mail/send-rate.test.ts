import { eventually } from '@poetry/test-support/eventually';
import { writePoem } from '@poetry/test-support/poems';
import { useSmtpServer } from '@poetry/test-support/smtp';
import { expect, it } from 'vitest';
import { follower, newPoemMails, whenNewPoemMailSettled } from '../support/followers.js';
import { type LoggedInAuthor, loggedInAuthor } from '../support/logged-in-authors.js';
import { useTestServer } from '../support/server.js';

const RATE = 5;
const READERS = 20;

const smtp = useSmtpServer();
const server = useTestServer(() => ({ SMTP_URL: smtp.url, MAIL_SEND_RATE: String(RATE) }));

it('sends at most MAIL_SEND_RATE mails a second, and an account’s mail before the new-poem mail queued before it', async () => {
  const poet = await loggedInAuthor(server);
  const readers: LoggedInAuthor[] = [];
  for (let i = 0; i < READERS; i++) readers.push(await follower(server, smtp, poet));
  const poem = await writePoem(poet.client, { title: 'Paced' });
  const mailed = () => readers.flatMap((reader) => newPoemMails(smtp, reader.email, poem.title));
  // The first new-poem mail is out: the fan-out has queued them all.
  await eventually('the first new-poem mail', () => mailed().length > 0);
  await poet.client.auth.forgotPassword({ body: { email: poet.email } });
  const reset = await smtp.waitFor(poet.email, { subject: 'Reset your password' });
  await whenNewPoemMailSettled(server);

  const times = mailed()
    .map((mail) => mail.receivedAt)
    .sort((a, b) => a - b);
  expect(times).toHaveLength(READERS);
  // One mail each 1/RATE s: 4 s from the first to the last. A loaded machine only stretches that;
  // the second of slack is for a first mail slower to write than the others. Unpaced, they take
  // a quarter of a second.
  const spanMs = (times.at(-1) ?? 0) - (times[0] ?? 0);
  expect(spanMs).toBeGreaterThan(((READERS - 1) / RATE) * 1000 - 1000);
  // The reset waited at most for the mails claimed before it (a second's worth), not for all 20.
  expect(times.filter((at) => at < reset.receivedAt).length).toBeLessThanOrEqual(2 * RATE);
});
