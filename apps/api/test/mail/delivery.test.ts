import { watch } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { eventually } from '@poetry/test-support/eventually';
import { useSmtpServer } from '@poetry/test-support/smtp';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { send } from '../support/raw.js';
import { startTestServer, type TestServer } from '../support/server.js';

const smtp = useSmtpServer();

describe('mail delivery', () => {
  it('delivers a mail queued while SMTP is down once it is back, across an API restart, exactly once', async () => {
    let server: TestServer = await startTestServer({ SMTP_URL: smtp.url });
    const author = await signUp(server.client());
    await smtp.waitFor(author.email);

    await smtp.stop();
    const response = await send(`${server.url}/api/auth/forgot-password`, 'POST', {
      body: { email: author.email },
    });
    expect(response.status).toBe(200);
    const attempted = async () => {
      const { rows } = await server.pool.query(
        `SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'password_reset_request' AND attempts >= 2 AND last_error IS NOT NULL`,
      );
      return rows[0].n === 1;
    };
    await eventually('failed delivery attempts', attempted);

    const { databaseUrl } = server;
    await server.close();
    await smtp.start();
    server = await startTestServer({ SMTP_URL: smtp.url }, databaseUrl);
    try {
      const mail = await smtp.waitFor(author.email, { nth: 2 });
      expect(mail.subject).toBe('Reset your password');
      // The worker records the delivery after the SMTP server has taken the mail.
      const resetRows = async () =>
        (
          await server.pool.query(
            `SELECT sent_at IS NOT NULL AS sent, payload FROM mail_outbox WHERE kind = 'password_reset_request'`,
          )
        ).rows;
      await eventually('the delivery to be recorded', async () => (await resetRows())[0]?.sent);
      expect(await resetRows()).toEqual([{ sent: true, payload: {} }]);
      // Given time to send it again, it does not.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.to(author.email)).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('writes mail to the outbox folder as .eml files, each appearing whole, when no SMTP server is configured', async () => {
    const server = await startTestServer();
    const folder = server.config.mail.outboxDir;
    await mkdir(folder, { recursive: true });
    // What a program watching the folder sees: an .eml name must appear once, by a rename, and
    // never be written in place, or the program may read half a mail.
    const events: string[] = [];
    const watcher = watch(folder, (event, name) => {
      if (name?.endsWith('.eml')) events.push(`${event} ${name}`);
    });
    try {
      const author = await signUp(server.client());
      const mails = async () => (await readdir(folder)).filter((name) => name.endsWith('.eml'));
      const file = await eventually('an .eml file', async () => (await mails())[0]);
      const mail = await simpleParser(await readFile(`${folder}/${file}`));
      expect(mail.subject).toBe('Confirm your email address');
      expect(JSON.stringify(mail.to)).toContain(author.email);
      expect(mail.text).toMatch(/http:\/\/localhost:3000\/verify-email\?token=[\w-]{43}/);
      await eventually('the watcher to see the file', () => events.length > 0);
      expect(events).toEqual([`rename ${file}`]);
      expect(await readdir(folder)).toEqual([file]);
    } finally {
      watcher.close();
      await server.close();
    }
  });
});
