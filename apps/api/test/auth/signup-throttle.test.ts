import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PASSWORD } from '../support/authors.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { type TestServer, useTwoTestServers } from '../support/server.js';

const limits = { SIGNUPS_PER_IP: '3', SIGNUP_WINDOW_SECONDS: '3600', TRUST_PROXY: 'true' };
const servers = useTwoTestServers(limits);

const signup = (on: TestServer, ip: string, email = `signup-${randomUUID()}@example.com`) =>
  send(`${on.url}/api/auth/signup`, 'POST', {
    body: { email, password: PASSWORD, firstname: 'Sig', lastname: 'Nup' },
    headers: { 'x-forwarded-for': ip },
  });

describe('signup throttling', () => {
  it('answers 429 with Retry-After once an address has used up its signups, on every instance', async () => {
    const email = `taken-${randomUUID()}@example.com`;
    expect((await signup(servers.first, '10.5.0.1', email)).status).toBe(201);
    // A refused attempt (a taken email) counts too.
    await expectProblem(signup(servers.second, '10.5.0.1', email), 409, 'conflict');
    expect((await signup(servers.first, '10.5.0.1')).status).toBe(201);

    for (const on of [servers.first, servers.second]) {
      const refused = await signup(on, '10.5.0.1');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
      await expectProblem(Promise.resolve(refused), 429, 'rate_limited');
    }
    // Another address still signs up.
    expect((await signup(servers.first, '10.5.0.2')).status).toBe(201);
  });
});
