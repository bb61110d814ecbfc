import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, revalidate, sessionCookie, succeed, urlOf } from '../src/http.js';
import { type PrismProxy, startPrismProxy } from '../src/prism-proxy.js';
import { newEmail, PASSWORD, writePoem } from '../src/world.js';

/*
 * A realistic session sent through Stoplight Prism's proxy, which holds each request and each
 * answer to the OpenAPI document the server serves (the suite's own validator checks them too,
 * as every answer): Prism is what many clients' tooling judges the document by.
 */

let prism: PrismProxy;
beforeAll(async () => {
  const started = performance.now();
  prism = await startPrismProxy(inject('target').baseUrl);
  console.log(`Prism listening after ${Math.round(performance.now() - started)} ms`);
});
afterAll(() => prism?.stop());

describe('Stoplight Prism in front of the API', () => {
  it('finds no violation in a session of signup, login, poems, a conditional GET, logout and errors', async () => {
    const baseUrl = prism.baseUrl;
    const email = newEmail('prism');
    const password = PASSWORD;

    const signup = await call('auth.signup', {
      body: { email, password, firstname: 'Prism', lastname: 'Proxy' },
      baseUrl,
    });
    expect(signup.status).toBe(201);
    const login = await call('auth.login', { body: { email, password }, baseUrl });
    expect(login.status).toBe(200);
    const author = { id: '', username: '', email, cookie: sessionCookie(login) };
    const { author: me } = await succeed('me.get', { cookie: author.cookie, baseUrl });
    expect(me.email).toBe(email);

    const poemId = await writePoem(author, 'Through the proxy', { baseUrl });
    const { poem } = await succeed('poem.get', { params: { poemId }, baseUrl });
    expect(poem.is_published).toBe(true);
    const read = await call('poem.get', { params: { poemId }, baseUrl });
    const etag = read.headers.get('etag') ?? '';
    expect((await revalidate(urlOf('poem.get', { params: { poemId }, baseUrl }), etag)).status).toBe(304);

    for (const logout of ['auth.logout', 'auth.logoutPost'] as const) {
      const answer = await call(logout, { cookie: author.cookie, baseUrl });
      expect(answer.body).toEqual({ author: null });
    }
    const forgot = await call('auth.forgotPassword', { body: { email }, baseUrl });
    expect(forgot.body).toEqual({ author: null });

    const missing = await call('poem.get', { params: { poemId: randomUUID() }, baseUrl });
    expect(missing.status).toBe(404);
    // Valid by the document (a long enough string), refused by the server: the password is the email.
    const other = newEmail('prism');
    const refused = await call('auth.signup', {
      body: { email: other, password: other, firstname: 'Prism', lastname: 'Proxy' },
      baseUrl,
    });
    expect(refused.status).toBe(400);

    expect(prism.violations()).toEqual([]);
  });
});
