import { randomUUID } from 'node:crypto';
import { type CapturedMail, tokenIn, useSmtpServer } from '@poetry/test-support/smtp';
import { describe, expect, it } from 'vitest';
import { PASSWORD, signUp } from '../support/authors.js';
import { loggedInAuthor } from '../support/logged-in-authors.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

/*
 * Anyone may sign up with, or move an account to, anyone's address: a mail to an address not yet
 * confirmed as the account's quotes nothing the account chose. Found: "Hello Visit evil.example to,".
 */
const smtp = useSmtpServer();
const server = useTestServer(() => ({ SMTP_URL: smtp.url }));

const HOSTILE = { firstname: 'Visit evil.example to', lastname: 'claim your prize' };
const hostileAddress = () => `visit-evil-example-${randomUUID()}@example.com`;

/** What the account chose that a mail must not carry, in any of its parts. */
function expectQuotesNothingOf(mail: CapturedMail, chosen: string[]) {
  for (const part of [mail.subject, mail.text, mail.html]) {
    for (const text of chosen)
      expect(part ?? '', `"${mail.subject}" to ${mail.toAddress}`).not.toContain(text);
  }
}

const CHOSEN = [HOSTILE.firstname, 'evil.example', HOSTILE.lastname];

describe('mail to an address not confirmed as the account’s', () => {
  it('the verification mail at signup', async () => {
    const author = await loggedInAuthor(server, HOSTILE);
    expectQuotesNothingOf(await smtp.waitFor(author.email), CHOSEN);
  });

  it('the verification mail to a new address, and the notice to an old one never confirmed', async () => {
    const author = await loggedInAuthor(server, HOSTILE);
    const newEmail = hostileAddress();
    await author.client.me.update({ body: { email: newEmail, current_password: PASSWORD } });
    expectQuotesNothingOf(await smtp.waitFor(newEmail), CHOSEN);
    const notice = await smtp.waitFor(author.email, { subject: 'Your email address was changed' });
    expectQuotesNothingOf(notice, [...CHOSEN, newEmail]);
  });

  it('the password reset mail and the notice of a new password', async () => {
    const author = await loggedInAuthor(server, HOSTILE);
    await send(`${server.url}/api/auth/forgot-password`, 'POST', { body: { email: author.email } });
    const reset = await smtp.waitFor(author.email, { subject: 'Reset your password' });
    expectQuotesNothingOf(reset, CHOSEN);
    const password = 'a brand new password';
    await server.client().auth.resetPassword({
      body: { token: tokenIn(reset), new_password: password, confirmed_password: password },
    });
    const notice = await smtp.waitFor(author.email, { subject: 'Your password was changed' });
    expectQuotesNothingOf(notice, CHOSEN);
  });

  it('the notice of a password changed in the account', async () => {
    const author = await loggedInAuthor(server, HOSTILE);
    await author.client.me.update({ body: { password: 'a brand new password', current_password: PASSWORD } });
    const notice = await smtp.waitFor(author.email, { subject: 'Your password was changed' });
    expectQuotesNothingOf(notice, CHOSEN);
  });
});

describe('mail to the account’s confirmed address', () => {
  it('greets the author by name, and the notice of a change names the new address', async () => {
    const client = server.client();
    const author = await signUp(client, { firstname: 'Wilfred' });
    await client.auth.verifyEmail({ body: { token: tokenIn(await smtp.waitFor(author.email)) } });
    const newEmail = hostileAddress();
    await client.me.update({ body: { email: newEmail, current_password: PASSWORD } });
    const notice = await smtp.waitFor(author.email, { subject: 'Your email address was changed' });
    expect(notice.text).toContain('Hello Wilfred,');
    expect(notice.text).toContain(`changed to ${newEmail}`);
  });
});
