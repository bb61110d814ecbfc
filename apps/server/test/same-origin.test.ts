import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUpAuthor } from './support/authors.js';
import { type Service, startService } from './support/service.js';

let service: Service;

beforeAll(async () => {
  service = await startService({
    LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: '3',
    LOGIN_FAILURE_DELAY_MS: '0',
  });
});
afterAll(() => service?.stop());

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A request from `from`, a loopback address of this machine, as a browser on that address would send it. */
function send(
  from: string,
  method: string,
  path: string,
  {
    headers = {},
    form,
    body = form ? new URLSearchParams(form).toString() : undefined,
  }: { headers?: Record<string, string>; form?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${service.url}${path}`,
      {
        method,
        localAddress: from,
        headers: {
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    request.on('error', reject).end(body);
  });
}

const sameOrigin = { 'sec-fetch-site': 'same-origin' };

describe('pages and the API on one origin', () => {
  it("counts a page's login failures against the browser's address, which the browser cannot choose", async () => {
    const email = `throttled-${Date.now()}@example.com`;
    const created = await fetch(`${service.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: 'the right password 5d',
        firstname: 'Thr',
        lastname: 'Ottled',
      }),
    });
    expect(created.status).toBe(201);
    const wrong = { email, password: 'a wrong password' };

    // From 127.0.0.2, each time claiming another address: the limit of 3 failures still holds.
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const answer = await send('127.0.0.2', 'POST', '/login', {
        headers: { ...sameOrigin, 'x-forwarded-for': `198.51.100.${attempt}` },
        form: wrong,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);

    // Another browser (127.0.0.3) is not refused: the API counted 127.0.0.2, not the pages' 127.0.0.1.
    const other = await send('127.0.0.3', 'POST', '/login', { headers: sameOrigin, form: wrong });
    expect(other.status).toBe(401);
    expect(other.body).toContain('The email address or the password is not right');
  });

  it('counts a loopback caller of the API by its own address, whatever address it names', async () => {
    const { email } = await signedUpAuthor(service.url, 'Loop', 'Back');
    const wrong = JSON.stringify({ email, password: 'a wrong password' });
    // From 127.0.0.1, where the pages once called from: each time another forwarded address.
    const claims: Record<string, string>[] = [
      { 'x-forwarded-for': '198.51.100.1' },
      { 'x-forwarded-for': '198.51.100.2', 'x-forwarded-proto': 'https' },
      { forwarded: 'for=198.51.100.3' },
      { 'x-forwarded-for': '198.51.100.4' },
    ];
    const statuses: number[] = [];
    for (const claim of claims) {
      const answer = await send('127.0.0.1', 'POST', '/api/auth/login', {
        headers: { 'content-type': 'application/json', ...claim },
        body: wrong,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('refuses a page form posted from another site, as the API refuses its own routes', async () => {
    const form = { email: 'anyone@example.com', password: 'whatever it is' };
    const crossSite = await send('127.0.0.1', 'POST', '/login', {
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://elsewhere.example' },
      form,
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers['content-type']).toMatch(/^application\/problem\+json/);
    const oldBrowser = await send('127.0.0.1', 'POST', '/login', {
      headers: { origin: 'https://elsewhere.example' },
      form,
    });
    expect(oldBrowser.status).toBe(403);
  });

  it("gives pages a CSP with a fresh nonce and no inline script to need it, and leaves the API's as it was", async () => {
    const nonces = new Set<string>();
    for (const path of ['/login', '/login', '/reset-password?token=abc']) {
      const page = await send('127.0.0.1', 'GET', path);
      expect(page.status).toBe(200);
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['cache-control']).toBe('private, no-store');
      const csp = String(page.headers['content-security-policy']);
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
      expect(csp).toBe(
        `default-src 'none';script-src 'self' 'nonce-${nonce}';style-src 'self';img-src 'self';` +
          "connect-src 'self';form-action 'self';base-uri 'none';frame-ancestors 'none'",
      );
      // A script a page runs is a file of this origin (`script-src 'self'`); JSON-LD is data, not run.
      const scripts = [...page.body.matchAll(/<script([^>]*)>/g)].map(([, attributes]) => attributes ?? '');
      for (const attributes of scripts) expect(attributes).toMatch(/ src="\/|type="application\/ld\+json"/);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);

    for (const path of ['/api/poem', '/API/poem', '/api/nothing-here']) {
      const answer = await send('127.0.0.1', 'GET', path);
      expect(answer.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(answer.headers['content-type']).toMatch(/json/);
    }
  });

  it("refuses a page post over the API's body limit, or of unstated length, before the page reads it", async () => {
    const tooLong = await send('127.0.0.1', 'POST', '/login', {
      headers: sameOrigin,
      form: { email: 'anyone@example.com', password: 'x'.repeat(1024 * 1024) },
    });
    expect(tooLong.status).toBe(413);
    expect(tooLong.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(tooLong.body).detail).toBe('The form is larger than the limit of 1 MB');

    const chunked = await send('127.0.0.1', 'POST', '/login', {
      headers: { ...sameOrigin, 'transfer-encoding': 'chunked' },
      form: { email: 'anyone@example.com', password: 'whatever it is' },
    });
    expect(chunked.status).toBe(400);
    expect(JSON.parse(chunked.body).errors[0].message).toMatch(/must state its length/);

    const withFiles = await send('127.0.0.1', 'POST', '/login', {
      headers: { ...sameOrigin, 'content-type': 'multipart/form-data; boundary=x' },
      body: Buffer.alloc(11 * 1024 * 1024 + 1),
    });
    expect(withFiles.status).toBe(413);
    expect(JSON.parse(withFiles.body).detail).toBe('The form is larger than the limit of 11 MB');

    const fits = await send('127.0.0.1', 'POST', '/login', {
      headers: sameOrigin,
      form: { email: 'anyone@example.com', password: 'x'.repeat(1000 * 1000) },
    });
    expect(fits.status).toBe(400);
    expect(fits.headers['content-type']).toMatch(/^text\/html/);
  });

  it('sends a browser back where it was after logging in, but never off the site', async () => {
    const { email, password } = await signedUpAuthor(service.url, 'Back', 'Again');
    const login = (next: string) =>
      send('127.0.0.1', 'POST', '/login', { headers: sameOrigin, form: { email, password, next } });
    expect((await login('/studio')).headers.location).toBe('/studio');
    expect((await login('/search?q=sea')).headers.location).toBe('/search?q=sea');
    for (const elsewhere of ['//evil.example/', '/\\evil.example', 'https://evil.example/', 'studio']) {
      const answer = await login(elsewhere);
      expect(answer.status, elsewhere).toBe(302);
      expect(answer.headers.location, elsewhere).toBe('/');
    }
  });

  it('keeps the session of a login whose next is hostile, and sends the browser home', async () => {
    const { email, password } = await signedUpAuthor(service.url, 'Stays', 'Home');
    for (const next of [
      '/\t/evil.example/phish',
      '/\n/x',
      '/\r/x',
      '/\u3000/x',
      '/\u2028/x',
      '/%09/evil.example',
      '/%2f/evil.example',
      '/%5C/evil.example',
      '/%252f/evil.example',
      'javascript:alert(1)',
    ]) {
      const login = await send('127.0.0.1', 'POST', '/login', {
        headers: sameOrigin,
        form: { email, password, next },
      });
      expect(login.status, JSON.stringify(next)).toBe(302);
      expect(login.headers.location, JSON.stringify(next)).toBe('/');
      const [session = ''] = (login.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]);
      const studio = await send('127.0.0.1', 'GET', '/studio', { headers: { cookie: session } });
      expect(studio.status, JSON.stringify(next)).toBe(200);
    }
  });

  it('answers an unknown page with an HTML 404 page', async () => {
    const answer = await send('127.0.0.1', 'GET', '/no/such/page');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.body).toContain('<title>Page not found · Poetry</title>');
  });
});
