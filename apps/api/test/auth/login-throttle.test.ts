import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp } from '../support/authors.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: '3',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '5',
    LOGIN_MAX_FAILURES_PER_IP: '8',
    TRUST_PROXY: 'true',
  });
});
afterAll(() => server?.close());

const login = (body: unknown, ip: string) =>
  send(`${server.url}/api/auth/login`, 'POST', { body, headers: { 'x-forwarded-for': ip } });

describe('login throttling', () => {
  it('answers 429 with Retry-After after repeated failures for one account from one IP', async () => {
    const { email } = await signUp(server.client());
    for (let i = 0; i < 3; i += 1) {
      await expectProblem(
        login({ email, password: 'wrong password' }, '10.0.0.1'),
        401,
        'invalid_credentials',
      );
    }
    const blocked = await login({ email, password: PASSWORD }, '10.0.0.1');
    await expectProblem(Promise.resolve(blocked), 429, 'rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same author, from elsewhere, still gets in.
    expect((await login({ email, password: PASSWORD }, '10.0.0.2')).status).toBe(200);
  });

  it('limits failures per account across IPs, and per IP across accounts', async () => {
    const { email } = await signUp(server.client());
    for (let i = 0; i < 5; i += 1) {
      await login({ email, password: 'wrong password' }, `10.1.0.${i}`);
    }
    await expectProblem(login({ email, password: PASSWORD }, '10.1.1.1'), 429, 'rate_limited');

    for (let i = 0; i < 8; i += 1) {
      await login({ email: `ghost-${i}@example.com`, password: 'wrong password' }, '10.2.0.1');
    }
    const other = await signUp(server.client());
    await expectProblem(login({ email: other.email, password: PASSWORD }, '10.2.0.1'), 429, 'rate_limited');
  });

  it('counts an email of the longest allowed length like any other', async () => {
    const email = `${'l'.repeat(64)}@${'d'.repeat(63)}.${'o'.repeat(63)}.${'n'.repeat(53)}.example`;
    expect(email).toHaveLength(254);
    for (let i = 0; i < 3; i += 1) {
      await expectProblem(
        login({ email, password: 'wrong password' }, '10.4.0.1'),
        401,
        'invalid_credentials',
      );
    }
    await expectProblem(login({ email, password: 'wrong password' }, '10.4.0.1'), 429, 'rate_limited');
  });

  it('forgets failures after a successful login from that IP', async () => {
    const { email } = await signUp(server.client());
    for (let round = 0; round < 2; round += 1) {
      await login({ email, password: 'wrong password' }, '10.3.0.1');
      await login({ email, password: 'wrong password' }, '10.3.0.1');
      expect((await login({ email, password: PASSWORD }, '10.3.0.1')).status).toBe(200);
    }
  });
});
