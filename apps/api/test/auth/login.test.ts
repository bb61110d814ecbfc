import { AuthResponse } from '@poetry/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp } from '../support/authors.js';
import { expectNoSession, expectProblem } from '../support/problems.js';
import { send, sessionCookie } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();
let email: string;
beforeAll(async () => {
  ({ email } = await signUp(server.client()));
});

const login = (body: unknown, cookie?: string) =>
  send(`${server.url}/api/auth/login`, 'POST', { body, ...(cookie ? { cookie } : {}) });
const me = (cookie: string) => send(`${server.url}/api/me`, 'GET', { cookie });

describe('POST /api/auth/login', () => {
  it('logs in with the right email and password, in any case', async () => {
    const response = await login({ email: email.toUpperCase(), password: PASSWORD });
    expect(response.status).toBe(200);
    const { author } = AuthResponse.parse(await response.json());
    if (!author) throw new Error('no author');
    expect(author.email).toBe(email);
    expect((await me(sessionCookie(response))).status).toBe(200);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const wrongPassword = await expectProblem(
      login({ email, password: 'not the password' }),
      401,
      'invalid_credentials',
    );
    const unknownEmail = await expectProblem(
      login({ email: 'nobody@example.com', password: PASSWORD }),
      401,
      'invalid_credentials',
    );
    expect(unknownEmail).toEqual(wrongPassword);
  });

  it('gives a new session id at login, so a session planted before it is worthless', async () => {
    const first = await login({ email, password: PASSWORD });
    const planted = sessionCookie(first);
    const second = await login({ email, password: PASSWORD }, planted);
    const fresh = sessionCookie(second);
    expect(fresh).not.toBe(planted);
    expect((await me(fresh)).status).toBe(200);
    await expectNoSession(server, planted);
  });
});

describe('logout', () => {
  it.each(['GET', 'POST'])('%s /api/auth/logout ends the session on the server', async (method) => {
    const cookie = sessionCookie(await login({ email, password: PASSWORD }));
    const response = await send(`${server.url}/api/auth/logout`, method, { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ author: null });
    expect(response.headers.get('set-cookie')).toMatch(/poetry\.sid=;.*Expires=Thu, 01 Jan 1970/);
    // The browser would drop the cookie; a replayed copy must not work either.
    await expectNoSession(server, cookie);
  });

  it('answers 200 when nobody is logged in', async () => {
    const response = await send(`${server.url}/api/auth/logout`, 'GET');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ author: null });
  });
});
