import { eventually } from '@poetry/test-support/eventually';
import { tokenIn, useSmtpServer } from '@poetry/test-support/smtp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD, signUp } from '../support/authors.js';
import { expectNoSession, expectProblem } from '../support/problems.js';
import { send, sessionCookie } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const smtp = useSmtpServer();
const server = useTestServer(() => ({
  SMTP_URL: smtp.url,
  MAIL_REQUESTS_PER_ACCOUNT: '3',
  MAIL_REQUESTS_PER_IP: '1000',
}));
afterEach(() => {
  vi.useRealTimers();
});

const forgot = (email: string, headers: Record<string, string> = {}) =>
  send(`${server.url}/api/auth/forgot-password`, 'POST', { body: { email }, headers });
const reset = (body: unknown, cookie?: string) =>
  send(`${server.url}/api/auth/reset-password`, 'POST', { body, ...(cookie ? { cookie } : {}) });
const login = (email: string, password: string) =>
  send(`${server.url}/api/auth/login`, 'POST', { body: { email, password } });

/**
 * An author whose signup mail has arrived, so the next mail to them is the one under test, with
 * the client they are logged in with.
 */
async function author() {
  const client = server.client();
  const created = await signUp(client, { firstname: 'Robert' });
  await smtp.waitFor(created.email);
  return { ...created, client };
}

/** Asks for `count` reset mails for `email` and answers their tokens, in the order the mails arrive. */
async function resetTokens(email: string, count = 1) {
  for (let i = 0; i < count; i += 1) expect((await forgot(email)).status).toBe(200);
  const tokens: string[] = [];
  // The signup's verification mail is the first one.
  for (let nth = 2; nth < count + 2; nth += 1) tokens.push(tokenIn(await smtp.waitFor(email, { nth })));
  return tokens;
}

const resetTo = (token: string, password: string) =>
  reset({ token, new_password: password, confirmed_password: password });

/** Waits until the outbox has dealt with every mail queued so far. */
async function outboxDrained() {
  const owed = async () =>
    (await server.pool.query('SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL')).rows[0].n;
  await eventually('the outbox to send every mail', async () => (await owed()) === 0);
}

describe('forgot-password', () => {
  it('answers byte for byte the same for an existing and a missing address; only the first gets mail', async () => {
    const existing = await author();
    const missing = `nobody-${existing.id}@example.com`;
    const [a, b] = [await forgot(existing.email), await forgot(missing)];
    expect([a.status, b.status]).toEqual([200, 200]);
    const [bodyA, bodyB] = [await a.text(), await b.text()];
    expect(bodyA).toBe('{"author":null}');
    expect(bodyB).toBe(bodyA);
    expect(a.headers.get('content-type')).toBe(b.headers.get('content-type'));

    const mail = await smtp.waitFor(existing.email, { nth: 2 });
    expect(mail.subject).toBe('Reset your password');
    await outboxDrained();
    expect(smtp.to(missing)).toEqual([]);
  });

  it('builds links from PUBLIC_URL, never from the Host header', async () => {
    const existing = await author();
    await forgot(existing.email, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    const mail = await smtp.waitFor(existing.email, { nth: 2 });
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/reset-password\?token=/);
    expect(mail.text).not.toContain('evil.example');
  });

  it('throttles requests for one address with 429 and Retry-After', async () => {
    const existing = await author();
    for (let i = 0; i < 3; i += 1) expect((await forgot(existing.email)).status).toBe(200);
    const blocked = await forgot(existing.email);
    await expectProblem(Promise.resolve(blocked), 429, 'rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('reset-password', () => {
  it('sets the new password, ends every session, logs nobody in, and the token works once', async () => {
    const existing = await author();
    const session = sessionCookie(await login(existing.email, PASSWORD));
    await forgot(existing.email);
    const token = tokenIn(await smtp.waitFor(existing.email, { nth: 2 }));

    const response = await reset({
      token,
      new_password: 'a fresh password',
      confirmed_password: 'a fresh password',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ author: null });
    expect(response.headers.get('set-cookie')).toBeNull();

    await expectNoSession(server, session);
    await expectProblem(login(existing.email, PASSWORD), 401, 'invalid_credentials');
    expect((await login(existing.email, 'a fresh password')).status).toBe(200);
    await expectProblem(
      reset({ token, new_password: 'another password', confirmed_password: 'another password' }),
      422,
      'unprocessable',
    );
    await smtp.waitFor(existing.email, { subject: 'Your password was changed' });
  });

  it('answers mismatched passwords with 400 and leaves the token usable', async () => {
    const existing = await author();
    await forgot(existing.email);
    const token = tokenIn(await smtp.waitFor(existing.email, { nth: 2 }));
    const mismatch = await expectProblem(
      reset({ token, new_password: 'a fresh password', confirmed_password: 'a fresh passwort' }),
      400,
      'validation_failed',
      ['confirmed_password'],
    );
    expect(mismatch.errors?.[0]?.code).toBe('mismatch');
    expect(
      (await reset({ token, new_password: 'a fresh password', confirmed_password: 'a fresh password' }))
        .status,
    ).toBe(200);
  });

  it('refuses a token older than an hour with 422', async () => {
    const existing = await author();
    await forgot(existing.email);
    const token = tokenIn(await smtp.waitFor(existing.email, { nth: 2 }));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3600 * 1000 + 1000);
    await expectProblem(
      reset({ token, new_password: 'a fresh password', confirmed_password: 'a fresh password' }),
      422,
      'unprocessable',
    );
    vi.useRealTimers();
    expect((await login(existing.email, PASSWORD)).status).toBe(200);
  });

  it('lets exactly one of two racing resets with one token succeed', async () => {
    const existing = await author();
    await forgot(existing.email);
    const token = tokenIn(await smtp.waitFor(existing.email, { nth: 2 }));
    const body = { token, new_password: 'a fresh password', confirmed_password: 'a fresh password' };
    const statuses = (await Promise.all([reset(body), reset(body)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 422]);
  });
});

describe('what ends reset links', () => {
  it('a successful reset ends every other reset link of the author', async () => {
    const existing = await author();
    const [first, second] = (await resetTokens(existing.email, 2)) as [string, string];
    expect((await resetTo(first, 'a fresh password')).status).toBe(200);
    await expectProblem(resetTo(second, 'another password'), 422, 'unprocessable');
    expect((await login(existing.email, 'a fresh password')).status).toBe(200);
  });

  it('an email change ends the links mailed to the old address', async () => {
    const existing = await author();
    const [token] = (await resetTokens(existing.email)) as [string];
    await existing.client.me.update({
      body: { email: `moved-${existing.id}@example.com`, current_password: PASSWORD },
    });
    await expectProblem(resetTo(token, 'a fresh password'), 422, 'unprocessable');
    expect((await login(`moved-${existing.id}@example.com`, PASSWORD)).status).toBe(200);
  });

  it('a password change ends every reset link', async () => {
    const existing = await author();
    const [token] = (await resetTokens(existing.email)) as [string];
    await existing.client.me.update({
      body: { password: 'a brand new password', current_password: PASSWORD },
    });
    await expectProblem(resetTo(token, 'a fresh password'), 422, 'unprocessable');
    expect((await login(existing.email, 'a brand new password')).status).toBe(200);
  });

  it('a refused new password leaves the link usable', async () => {
    const existing = await author();
    const [token] = (await resetTokens(existing.email)) as [string];
    await expectProblem(resetTo(token, existing.email), 400, 'validation_failed', ['new_password']);
    await expectProblem(resetTo(token, 'qwertyuiop'), 400, 'validation_failed', ['new_password']);
    expect((await resetTo(token, 'a fresh password')).status).toBe(200);
  });

  it('two resets racing with two links of one author cannot both succeed', async () => {
    const existing = await author();
    const [first, second] = (await resetTokens(existing.email, 2)) as [string, string];
    const statuses = (
      await Promise.all([resetTo(first, 'a fresh password'), resetTo(second, 'another password')])
    ).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 422]);
  });
});

describe('password change', () => {
  it('mails a notice to the author', async () => {
    const client = server.client();
    const created = await signUp(client);
    await smtp.waitFor(created.email);
    await client.me.update({ body: { password: 'a fresh password', current_password: PASSWORD } });
    expect((await smtp.waitFor(created.email, { nth: 2 })).subject).toBe('Your password was changed');
  });
});
