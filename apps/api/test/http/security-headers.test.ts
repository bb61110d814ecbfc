import { PrivateAuthorResponse } from '@poetry/contract';
import { solidImage } from '@poetry/test-support/images';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { cookieOf } from '../support/collections.js';
import { fetchMedia, uploadPhotos } from '../support/media.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

/** A Content-Security-Policy header as directive → its values. */
function policy(response: Response): Record<string, string[]> {
  const header = response.headers.get('content-security-policy') ?? '';
  return Object.fromEntries(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

describe('security headers', () => {
  it('gives API answers, errors too, a CSP that allows nothing and the usual hardening', async () => {
    for (const response of [
      await send(`${server.url}/api/poem`, 'GET'),
      await send(`${server.url}/api/nothing-here`, 'GET'),
      await send(`${server.url}/healthz`, 'GET'),
    ]) {
      expect(policy(response)).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(response.headers.get('x-powered-by')).toBeNull();
      // Plain HTTP (cookies not Secure): no HSTS.
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('lets the docs page load its own scripts and styles and call the API', async () => {
    const page = await send(`${server.url}/api/docs/`, 'GET');
    expect(page.status).toBe(200);
    const csp = policy(page);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:']);
    expect(csp['connect-src']).toEqual(["'self'", server.config.publicUrl]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);

    // Every script is a file of this origin (inline scripts would be blocked), and each loads.
    const html = await page.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(content?.trim()).toBe('');
      const src = /src=["']\.\/([^"']+)["']/.exec(attributes ?? '')?.[1];
      expect(src, attributes).toBeDefined();
      const script = await send(`${server.url}/api/docs/${src}`, 'GET');
      expect(script.status, src).toBe(200);
      expect(script.headers.get('content-type')).toMatch(/javascript/);
    }
    const init = await (await send(`${server.url}/api/docs/swagger-ui-init.js`, 'GET')).text();
    expect(init).toContain('/api/auth/signup');
  });

  it('lets other sites embed media images', async () => {
    const client = server.client();
    await signUp(client);
    const upload = await uploadPhotos(server, await cookieOf(client, server.url), [
      ['profile_photo', await solidImage('png'), 'me.png'],
    ]);
    const { profile_photo_url } = PrivateAuthorResponse.parse(await upload.json()).author;
    const image = await fetchMedia(server, profile_photo_url as string);
    expect(image.status).toBe(200);
    expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('security headers behind HTTPS', () => {
  const secure = useTestServer({ SECURE_COOKIES: 'true', TRUST_PROXY: 'loopback' });

  it('adds HSTS when cookies are Secure', async () => {
    const response = await send(`${secure.url}/api/poem`, 'GET', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});
