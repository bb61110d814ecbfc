import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD, signUp } from '../support/authors.js';
import { expectProblem } from '../support/problems.js';
import { send, sessionCookie } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const HOUR = 3600;
const server = useTestServer({
  SESSION_IDLE_TIMEOUT_SECONDS: String(2 * HOUR),
  SESSION_ABSOLUTE_TIMEOUT_SECONDS: String(5 * HOUR),
});
let email: string;
beforeAll(async () => {
  ({ email } = await signUp(server.client()));
});
afterEach(() => {
  vi.useRealTimers();
});

// The server runs in this process, so moving the clock moves its clock; nothing sleeps.
const advanceHours = (hours: number) => vi.setSystemTime(Date.now() + hours * HOUR * 1000);

async function loggedInCookie() {
  const response = await send(`${server.url}/api/auth/login`, 'POST', {
    body: { email, password: PASSWORD },
  });
  return sessionCookie(response);
}
/**
 * GET /api/me, read to the end: express-session holds back the last byte until the store has
 * renewed the expiry, so moving the clock before then would race the renewal.
 */
async function me(cookie: string) {
  const response = await send(`${server.url}/api/me`, 'GET', { cookie });
  const body = await response.text();
  return new Response(body, { status: response.status, headers: response.headers });
}

describe('session lifetime', () => {
  it('ends a session left idle longer than the idle timeout', async () => {
    const cookie = await loggedInCookie();
    vi.useFakeTimers({ toFake: ['Date'] });
    advanceHours(1.5);
    expect((await me(cookie)).status).toBe(200);
    advanceHours(1.5);
    expect((await me(cookie)).status).toBe(200);
    advanceHours(2.5);
    await expectProblem(me(cookie), 401, 'unauthenticated');
  });

  it('ends an active session at the absolute timeout', async () => {
    const cookie = await loggedInCookie();
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let hour = 1; hour <= 4; hour += 1) {
      advanceHours(1);
      expect((await me(cookie)).status, `after ${hour} h`).toBe(200);
    }
    advanceHours(1.5);
    await expectProblem(me(cookie), 401, 'unauthenticated');
  });
});
