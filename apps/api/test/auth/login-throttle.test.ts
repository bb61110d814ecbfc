import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { PASSWORD, signUp } from '../support/authors.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { type TestEnv, useTestServer } from '../support/server.js';

const WRONG = 'wrong password';

/**
 * A server for one describe block. `TRUST_PROXY` lets each request name its client address in
 * `x-forwarded-for`, so one test plays an attacker's many addresses and the author's own.
 */
function useServer(env: TestEnv) {
  const server = useTestServer({ TRUST_PROXY: 'true', ...env });
  return {
    newAuthor: () => signUp(server.client()),
    login: (body: unknown, ip: string) =>
      send(`${server.url}/api/auth/login`, 'POST', { body, headers: { 'x-forwarded-for': ip } }),
  };
}

async function expectRetryLater(response: Promise<Response>) {
  const answer = await response;
  await expectProblem(Promise.resolve(answer), 429, 'rate_limited');
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('login throttling', () => {
  const DELAY_MS = 300;
  const { login, newAuthor } = useServer({
    LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: '5',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '8',
    LOGIN_MAX_FAILURES_PER_IP: '12',
    LOGIN_FAILURE_DELAY_MS: String(DELAY_MS),
  });

  it('answers 429 with Retry-After after repeated failures for one account from one IP', async () => {
    const { email } = await newAuthor();
    for (let i = 0; i < 5; i += 1) {
      await expectProblem(login({ email, password: WRONG }, '10.0.0.1'), 401, 'invalid_credentials');
    }
    await expectRetryLater(login({ email, password: PASSWORD }, '10.0.0.1'));
    // The same author, from elsewhere, still gets in.
    expect((await login({ email, password: PASSWORD }, '10.0.0.2')).status).toBe(200);
  });

  it('makes each failure after the third from one address wait longer, doubling', async () => {
    const { email } = await newAuthor();
    for (let i = 0; i < 3; i += 1) {
      await expectProblem(login({ email, password: WRONG }, '10.5.0.1'), 401, 'invalid_credentials');
    }
    for (const delay of [DELAY_MS, 2 * DELAY_MS]) {
      const started = performance.now();
      await expectProblem(login({ email, password: WRONG }, '10.5.0.1'), 401, 'invalid_credentials');
      expect(performance.now() - started).toBeGreaterThanOrEqual(delay);
    }
  });

  it('lets an author under attack in from an address with no failures of its own', async () => {
    const { email } = await newAuthor();
    const attackers = ['10.1.0.1', '10.1.0.2', '10.1.0.3', '10.1.0.4'];
    // Two failures from each address, under the per-address limit: the account's limit in all.
    for (const ip of [...attackers, ...attackers]) {
      await expectProblem(login({ email, password: WRONG }, ip), 401, 'invalid_credentials');
    }
    // The author, from an address with no failures of its own, gets in...
    expect((await login({ email, password: PASSWORD }, '10.1.1.1')).status).toBe(200);
    // ...while over the account's limit each address gets one guess a window.
    await expectProblem(login({ email, password: WRONG }, '10.1.0.9'), 401, 'invalid_credentials');
    await expectRetryLater(login({ email, password: WRONG }, '10.1.0.9'));
    await expectRetryLater(login({ email, password: WRONG }, '10.1.0.1'));
  });

  it('limits failures per IP across accounts', async () => {
    for (let i = 0; i < 12; i += 1) {
      await login({ email: `ghost-${i}@example.com`, password: WRONG }, '10.2.0.1');
    }
    const { email } = await newAuthor();
    await expectRetryLater(login({ email, password: PASSWORD }, '10.2.0.1'));
  });

  it('counts an email of the longest allowed length like any other', async () => {
    const email = `${'l'.repeat(64)}@${'d'.repeat(63)}.${'o'.repeat(63)}.${'n'.repeat(53)}.example`;
    expect(email).toHaveLength(254);
    for (let i = 0; i < 5; i += 1) {
      await expectProblem(login({ email, password: WRONG }, '10.4.0.1'), 401, 'invalid_credentials');
    }
    await expectRetryLater(login({ email, password: WRONG }, '10.4.0.1'));
  });

  it('forgets failures after a successful login from that IP', async () => {
    const { email } = await newAuthor();
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 3; i += 1) await login({ email, password: WRONG }, '10.3.0.1');
      expect((await login({ email, password: PASSWORD }, '10.3.0.1')).status).toBe(200);
    }
  });
});

describe('login throttling under parallel attempts', () => {
  const PER_ACCOUNT_AND_IP = 10;
  const { login, newAuthor } = useServer({
    LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: String(PER_ACCOUNT_AND_IP),
    LOGIN_FAILURE_DELAY_MS: '0',
  });

  it('counts 40 wrong passwords sent at once as 40', async () => {
    const { email } = await newAuthor();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => login({ email, password: WRONG }, '10.6.0.1')),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(PER_ACCOUNT_AND_IP);
    expect(refused).toHaveLength(40 - PER_ACCOUNT_AND_IP);
    for (const answer of refused) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
