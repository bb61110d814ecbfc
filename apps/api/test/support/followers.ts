import type { NewPoemMail } from '@poetry/sdk';
import { eventually } from '@poetry/test-support/eventually';
import { type CapturedMail, type startSmtpServer, tokenIn } from '@poetry/test-support/smtp';
import { type LoggedInAuthor, loggedInAuthor } from './logged-in-authors.js';
import { send } from './raw.js';
import type { TestServer } from './server.js';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

/**
 * A new reader following `poet`: their address verified through the mailed link (unless told
 * not to), with the new-poem mail setting given.
 */
export async function follower(
  server: TestServer,
  smtp: Smtp,
  poet: { id: string },
  { verified = true, setting = 'each' }: { verified?: boolean; setting?: NewPoemMail } = {},
): Promise<LoggedInAuthor> {
  const reader = await loggedInAuthor(server);
  if (verified) {
    await reader.client.auth.verifyEmail({ body: { token: tokenIn(await smtp.waitFor(reader.email)) } });
  }
  if (setting !== 'each') await reader.client.me.update({ body: { new_poem_mail: setting } });
  await reader.client.author.followers.follow({ params: { authorId: poet.id } });
  return reader;
}

/**
 * Waits until every new poem's fan-out and every digest run is done and the outbox has nothing
 * left to try: after this, no new-poem mail or digest is still to come. A look no endpoint can give.
 */
export function whenNewPoemMailSettled(server: TestServer, timeoutMs = 20_000) {
  return eventually(
    'new-poem mail to settle',
    async () => {
      const { rows } = await server.pool.query<{ pending: number }>(
        `SELECT (SELECT count(*) FROM new_poem_fanout WHERE done_at IS NULL)
           + (SELECT count(*) FROM new_poem_digest WHERE done_at IS NULL)
           + (SELECT count(*) FROM mail_outbox
              WHERE kind IN ('new_poem', 'new_poem_digest') AND sent_at IS NULL AND failed_at IS NULL)
           AS pending`,
      );
      return Number(rows[0]?.pending) === 0;
    },
    { timeoutMs },
  );
}

/** The new-poem mails `smtp` has taken for `address` about the poem titled `title`. */
export const newPoemMails = (smtp: Smtp, address: string, title: string) =>
  smtp.to(address).filter((mail) => mail.subject?.startsWith(`"${title}", a new poem by`));

/** The daily digests `smtp` has taken for `address`. */
export const digestMails = (smtp: Smtp, address: string) =>
  smtp.to(address).filter((mail) => mail.subject?.startsWith('Your daily poems: '));

/** The value of a header of a mail as sent, unparsed (unfolded). */
export const header = (mail: CapturedMail, name: string) =>
  mail.headerLines
    .find((line) => line.key === name.toLowerCase())
    ?.line.slice(name.length + 1)
    .replace(/\r?\n\s+/g, ' ')
    .trim();

/** The one-click POST a mail client makes to the mail's `List-Unsubscribe` URL, from elsewhere, without a cookie. */
export function oneClickUnsubscribe(
  server: TestServer,
  mail: CapturedMail,
  body = 'List-Unsubscribe=One-Click',
) {
  const url = /<(http[^>]+)>/.exec(header(mail, 'List-Unsubscribe') ?? '')?.[1] ?? '';
  return send(url.replace(server.config.publicUrl, server.url), 'POST', {
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://webmail.example' },
  });
}
