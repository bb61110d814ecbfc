import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PASSWORD } from '../support/authors.js';
import { expectProblem } from '../support/problems.js';
import { send, sessionCookie } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const FRONT_END = 'https://app.example';
const STRANGER = 'https://evil.example';

const server = useTestServer({ ALLOWED_ORIGINS: FRONT_END });

/** What a browser sends before a credentialed JSON POST from `origin`. */
const preflight = (path: string, origin: string) =>
  send(`${server.url}${path}`, 'OPTIONS', {
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  });

/** A request as a browser script on `origin` sends it (credentials included). */
const fromScript = (
  path: string,
  method: string,
  origin: string,
  options: { body?: unknown; cookie?: string } = {},
) =>
  send(`${server.url}${path}`, method, { ...options, headers: { origin, 'sec-fetch-site': 'cross-site' } });

describe('CORS', () => {
  it('answers a preflight from an allowed origin with credentials allowed', async () => {
    for (const origin of [FRONT_END, server.config.publicUrl]) {
      const response = await preflight('/api/auth/login', origin);
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      expect(response.headers.get('access-control-allow-credentials')).toBe('true');
      expect(response.headers.get('access-control-allow-methods')?.split(',')).toEqual(
        expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']),
      );
      expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
      expect(response.headers.get('vary')).toMatch(/Origin/);
    }
  });

  it('answers a preflight to any path, never with the 404 problem', async () => {
    const response = await preflight('/api/me/poem/some-id', FRONT_END);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('lets a front end on an allowed origin sign up and use its session, reading the headers it needs', async () => {
    const email = `cors-${randomUUID()}@example.com`;
    const signup = await fromScript('/api/auth/signup', 'POST', FRONT_END, {
      body: { email, password: PASSWORD, firstname: 'Cor', lastname: 'S' },
    });
    expect(signup.status).toBe(201);
    expect(signup.headers.get('access-control-allow-origin')).toBe(FRONT_END);
    expect(signup.headers.get('access-control-allow-credentials')).toBe('true');
    expect(signup.headers.get('access-control-expose-headers')?.split(',')).toEqual(
      expect.arrayContaining(['RateLimit', 'RateLimit-Policy', 'Retry-After', 'X-Request-Id']),
    );
    const me = await fromScript('/api/me', 'GET', FRONT_END, { cookie: sessionCookie(signup) });
    expect(me.status).toBe(200);
    expect(me.headers.get('access-control-allow-origin')).toBe(FRONT_END);
  });

  it('gives another origin nothing to read, and refuses its state changes (CSRF)', async () => {
    const pre = await preflight('/api/auth/login', STRANGER);
    // Without Access-Control-Allow-Origin the browser withholds the answer, whatever else it says.
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();

    const read = await fromScript('/api/poem', 'GET', STRANGER);
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBeNull();

    const refused = await fromScript('/api/auth/login', 'POST', STRANGER, {
      body: { email: 'nobody@example.com', password: 'whatever password' },
    });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    await expectProblem(Promise.resolve(refused), 403, 'forbidden');
  });
});
