import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { eventually } from './eventually.js';
import { freePort } from './free-ports.js';
import { useStarted } from './hooks.js';

/** A mail as the server took it: parsed, its first recipient, and when its data began (`performance.now()`). */
export type CapturedMail = ParsedMail & { toAddress: string; receivedAt: number };

/**
 * The SMTP server of the file, or of the `describe` block, this is called in: started before its
 * tests and stopped after them. Give its URL to a test server started after it:
 *
 *     const smtp = useSmtpServer();
 *     const server = useTestServer(() => ({ SMTP_URL: smtp.url }));
 */
export const useSmtpServer = () => useStarted('the SMTP server', startSmtpServer, (smtp) => smtp.stop());

/**
 * A real SMTP server in the test process that parses every mail it accepts. It can be stopped
 * and started again on the same port, to play an SMTP outage.
 */
export async function startSmtpServer() {
  const port = await freePort();
  const mails: CapturedMail[] = [];
  let server: SMTPServer | undefined;

  async function start() {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // A stop ends the connections the service keeps open (421) at once, as a server going down does.
      closeTimeout: 100,
      onData(stream, _session, callback) {
        const receivedAt = performance.now();
        simpleParser(stream).then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          mails.push({ ...mail, toAddress: to?.value[0]?.address ?? '', receivedAt });
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
  }

  async function stop() {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  }

  await start();
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    start,
    stop,
    /** The mails sent to `address` so far. */
    to: (address: string) => mails.filter((mail) => mail.toAddress === address),
    /**
     * Waits for the `nth` (1-based) mail to `address`, of those with `subject` if given (mails
     * queued together may be sent in any order), for at most `timeoutMs`.
     */
    waitFor(
      address: string,
      { nth = 1, subject, timeoutMs = 10_000 }: { nth?: number; subject?: string; timeoutMs?: number } = {},
    ): Promise<CapturedMail> {
      return eventually(
        `mail #${nth}${subject ? ` "${subject}"` : ''} to ${address}`,
        () =>
          mails.filter((m) => m.toAddress === address && (subject === undefined || m.subject === subject))[
            nth - 1
          ],
        { timeoutMs },
      );
    },
  };
}

/** The token of the link in a mail. */
export function tokenIn(mail: ParsedMail): string {
  const match = /[?&]token=([\w-]+)/.exec(mail.text ?? '');
  if (!match?.[1]) throw new Error(`no token link in "${mail.subject}"`);
  return match[1];
}
