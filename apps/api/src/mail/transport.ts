import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { writeWholeFile } from '../write-whole-file.js';
import type { OutgoingMail } from './compose.js';

export type MailTransport = { send(mail: OutgoingMail): Promise<void>; close(): void };

/** Connections to the SMTP server an instance keeps open, and mails it sends at once. */
export const SMTP_CONNECTIONS = 4;

// Mail content never comes from files or URLs, so nodemailer may not read either.
const SAFE_CONTENT = { disableFileAccess: true, disableUrlAccess: true };

/**
 * `smtpUrl` asking nodemailer to keep its connection open and send mail after mail over it: a new
 * connection for each mail waited for the server's greeting every time (100 ms of the 144 each
 * mail took with the test's SMTP server). In the URL, as nodemailer takes a URL's options only from it.
 */
function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  url.searchParams.set('pool', 'true');
  url.searchParams.set('maxConnections', String(SMTP_CONNECTIONS));
  return url.href;
}

/**
 * SMTP through nodemailer when `SMTP_URL` is set. Without it, each mail is written as an `.eml`
 * file to the outbox folder and, outside production, its link is logged, so a local setup shows
 * the whole flow (a link's token is a password for a while: production logs never hold one).
 */
export function createMailTransport(config: Config['mail'], logger: Logger): MailTransport {
  if (config.smtpUrl) {
    const transporter = nodemailer.createTransport(pooled(config.smtpUrl), {
      from: config.from,
      ...SAFE_CONTENT,
    });
    return {
      async send({ to, subject, text, html, headers }) {
        await transporter.sendMail({ to, subject, text, html, headers });
      },
      close: () => transporter.close(),
    };
  }
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, subject, text, html, headers, link }) {
      const info = await writer.sendMail({
        from: config.from,
        to,
        subject,
        text,
        html,
        headers,
        ...SAFE_CONTENT,
      });
      const file = path.join(
        config.outboxDir,
        `${Date.now()}-${info.messageId.replace(/[^\w.@-]/g, '')}.eml`,
      );
      // Whole or not at all: whatever reads the folder may open a file the moment it appears.
      await writeWholeFile(file, info.message as Buffer);
      logger.info(
        { to, subject, file, ...(config.logLinks ? { link } : {}) },
        'mail written to the outbox folder',
      );
    },
    close: () => writer.close(),
  };
}
