import type { ApiError } from '@poetry/sdk';
import { tokenIn, useSmtpServer } from '@poetry/test-support/smtp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD, signUp } from '../support/authors.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const smtp = useSmtpServer();
const server = useTestServer(() => ({ SMTP_URL: smtp.url, MAIL_REQUESTS_PER_ACCOUNT: '3' }));
afterEach(() => {
  vi.useRealTimers();
});

const verify = (token: string) => send(`${server.url}/api/auth/verify-email`, 'POST', { body: { token } });

describe('email verification', () => {
  it('mails a link at signup whose token verifies the address, once', async () => {
    const client = server.client();
    const author = await signUp(client, { firstname: 'Wilfred' });
    const mail = await smtp.waitFor(author.email);
    expect(mail.subject).toBe('Confirm your email address');
    // An address not yet confirmed is greeted by no name (test/mail/unconfirmed-addresses.test.ts).
    expect(mail.text).toMatch(/^Hello,$/m);
    expect(mail.html).toContain('href="http://localhost:3000/verify-email?token=');
    expect(mail.text).toMatch(
      /^Confirm my address: http:\/\/localhost:3000\/verify-email\?token=[\w-]{43}$/m,
    );

    const response = await verify(tokenIn(mail));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ author: null });
    expect((await client.me.get()).author.email_verified).toBe(true);
    await expectProblem(verify(tokenIn(mail)), 422, 'unprocessable');
  });

  it('answers a logged-in caller with their author, verified', async () => {
    const client = server.client();
    const author = await signUp(client);
    const token = tokenIn(await smtp.waitFor(author.email));
    const { author: after } = await client.auth.verifyEmail({ body: { token } });
    expect(after).toMatchObject({ id: author.id, email_verified: true });
  });

  it('refuses an expired token with 422', async () => {
    const author = await signUp(server.client());
    const token = tokenIn(await smtp.waitFor(author.email));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 3600 * 1000 + 1000);
    await expectProblem(verify(token), 422, 'unprocessable');
  });

  it('lets exactly one of two racing uses of a token succeed', async () => {
    const author = await signUp(server.client());
    const token = tokenIn(await smtp.waitFor(author.email));
    const statuses = (await Promise.all([verify(token), verify(token), verify(token)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 422, 422]);
  });

  it('refuses unknown and malformed tokens with 422 and a missing one with 400', async () => {
    await expectProblem(verify('A'.repeat(43)), 422, 'unprocessable');
    await expectProblem(
      send(`${server.url}/api/auth/verify-email`, 'POST', { body: {} }),
      400,
      'validation_failed',
    );
  });

  it('sends a new link on request, nothing once verified, and throttles requests', async () => {
    const client = server.client();
    const author = await signUp(client);
    await smtp.waitFor(author.email);
    await client.auth.requestEmailConfirmation();
    const second = await smtp.waitFor(author.email, { nth: 2 });
    await client.auth.verifyEmail({ body: { token: tokenIn(second) } });

    const { author: verified } = await client.auth.requestEmailConfirmation();
    expect(verified?.email_verified).toBe(true);
    await client.auth.requestEmailConfirmation();
    await expect(client.auth.requestEmailConfirmation()).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
    });
    const error = await client.auth.requestEmailConfirmation().then(
      () => undefined,
      (e: ApiError) => e,
    );
    expect(error?.retryAfter).toBeGreaterThan(0);
    expect(smtp.to(author.email)).toHaveLength(2);
  });

  it('answers 401 to an anonymous confirmation request', async () => {
    await expectProblem(send(`${server.url}/api/auth/email-confirmation`, 'GET'), 401, 'unauthenticated');
  });

  it('unverifies a changed address, mails a link to the new one and a notice to the old one', async () => {
    const client = server.client();
    const author = await signUp(client, { firstname: 'Vita' });
    await client.auth.verifyEmail({ body: { token: tokenIn(await smtp.waitFor(author.email)) } });
    await expect(client.me.update({ body: { email: 'vita.new@example.com' } })).rejects.toMatchObject({
      status: 400,
    });
    const { author: changed } = await client.me.update({
      body: { email: 'vita.new@example.com', current_password: PASSWORD },
    });
    expect(changed).toMatchObject({ email: 'vita.new@example.com', email_verified: false });

    const notice = await smtp.waitFor(author.email, { subject: 'Your email address was changed' });
    expect(notice.text).toContain('vita.new@example.com');
    const link = await smtp.waitFor('vita.new@example.com');
    await client.auth.verifyEmail({ body: { token: tokenIn(link) } });
    expect((await client.me.get()).author.email_verified).toBe(true);
  });

  it('refuses a link sent to an address the author no longer has', async () => {
    const client = server.client();
    const author = await signUp(client);
    const oldLink = await smtp.waitFor(author.email);
    await client.me.update({ body: { email: `moved-${author.id}@example.com`, current_password: PASSWORD } });
    await expectProblem(verify(tokenIn(oldLink)), 422, 'unprocessable');
    expect((await client.me.get()).author.email_verified).toBe(false);
  });
});
