import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PASSWORD, signUp } from '../support/authors.js';
import { expectNoSession } from '../support/problems.js';
import { send, sessionCookie } from '../support/raw.js';
import { startTestServer, useTestServer } from '../support/server.js';

/** The Set-Cookie header of the session cookie, as attribute name (lower case) → value. */
function sessionCookieAttributes(response: Response): Record<string, string> {
  const header = response.headers.getSetCookie().find((cookie) => cookie.includes('poetry.sid='));
  if (!header) throw new Error('no session cookie was set');
  const [nameValue, ...attributes] = header.split(';').map((part) => part.trim());
  return Object.fromEntries([
    ['name', (nameValue as string).split('=')[0] as string],
    ...attributes.map((attribute) => {
      const [name, value = ''] = attribute.split('=');
      return [(name as string).toLowerCase(), value];
    }),
  ]);
}

/** A cookie as express-session signs it, for a session id the server never issued. */
function forgedCookie(name: string, secret: string, sid: string) {
  const signature = createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '');
  return `${name}=${encodeURIComponent(`s:${sid}.${signature}`)}`;
}

describe('session fixation', () => {
  const server = useTestServer();

  const login = (email: string, cookie?: string) =>
    send(`${server.url}/api/auth/login`, 'POST', { body: { email, password: PASSWORD }, cookie });
  const me = (cookie: string) => send(`${server.url}/api/me`, 'GET', { cookie });

  it('gives a login with a planted cookie a new session; the planted one is worthless after it', async () => {
    const attacker = await signUp(server.client());
    const victim = await signUp(server.client());
    const planted = sessionCookie(await login(attacker.email));
    const forged = forgedCookie('poetry.sid', server.config.session.secret, `planted-${randomUUID()}`);
    const garbage = 'poetry.sid=s%3Aplanted.not-a-signature';

    for (const cookie of [planted, forged, garbage]) {
      const response = await login(victim.email, cookie);
      expect(response.status).toBe(200);
      const issued = sessionCookie(response);
      expect(issued).not.toBe(cookie);
      const mine = await me(issued);
      expect(mine.status).toBe(200);
      expect(((await mine.json()) as { author: { id: string } }).author.id).toBe(victim.id);
      await expectNoSession(server, cookie);
    }
  });

  it('does the same at signup, which logs in too', async () => {
    const attacker = await signUp(server.client());
    const planted = sessionCookie(await login(attacker.email));
    const response = await send(`${server.url}/api/auth/signup`, 'POST', {
      cookie: planted,
      body: {
        email: `fixed-${randomUUID()}@example.com`,
        password: PASSWORD,
        firstname: 'Fi',
        lastname: 'X',
      },
    });
    expect(response.status).toBe(201);
    expect(sessionCookie(response)).not.toBe(planted);
    await expectNoSession(server, planted);
  });
});

describe('session cookie flags', () => {
  it('over plain HTTP: HttpOnly, SameSite=Lax, Path=/, host-only, not Secure', async () => {
    const server = await startTestServer();
    try {
      const { email } = await signUp(server.client());
      const response = await send(`${server.url}/api/auth/login`, 'POST', {
        body: { email, password: PASSWORD },
      });
      const cookie = sessionCookieAttributes(response);
      expect(cookie).toMatchObject({ name: 'poetry.sid', path: '/', httponly: '', samesite: 'Lax' });
      expect(cookie).not.toHaveProperty('secure');
      expect(cookie).not.toHaveProperty('domain');
      expect(Date.parse(cookie.expires as string) - Date.now()).toBeGreaterThan(13 * 24 * 3600 * 1000);
    } finally {
      await server.close();
    }
  });

  it('behind a TLS-terminating proxy: __Host- prefixed and Secure, and never sent over plain HTTP', async () => {
    const server = await startTestServer({ SECURE_COOKIES: 'true', TRUST_PROXY: 'loopback' });
    try {
      const { email } = await signUp(server.client());
      const overHttps = { 'x-forwarded-proto': 'https' };
      const login = (headers: Record<string, string> = {}) =>
        send(`${server.url}/api/auth/login`, 'POST', { body: { email, password: PASSWORD }, headers });

      const response = await login(overHttps);
      expect(response.status).toBe(200);
      const cookie = sessionCookieAttributes(response);
      expect(cookie).toMatchObject({
        name: '__Host-poetry.sid',
        path: '/',
        httponly: '',
        secure: '',
        samesite: 'Lax',
      });
      expect(cookie).not.toHaveProperty('domain');
      const me = await send(`${server.url}/api/me`, 'GET', {
        cookie: sessionCookie(response),
        headers: overHttps,
      });
      expect(me.status).toBe(200);

      // Reached over plain HTTP (no proxy saying https), the server keeps the cookie to itself.
      const plain = await login();
      expect(plain.headers.getSetCookie()).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
