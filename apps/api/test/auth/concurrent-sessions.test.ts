import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp } from '../support/authors.js';
import { send, sessionCookie } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();
const authors: { email: string; cookie: string }[] = [];

beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const { email } = await signUp(server.client());
    const login = await send(`${server.url}/api/auth/login`, 'POST', { body: { email, password: PASSWORD } });
    authors.push({ email, cookie: sessionCookie(login) });
  }
});

/** Whose session `cookie` is, by GET /api/me: the address, or the status when there is none. */
async function whose(cookie: string): Promise<string | number> {
  const response = await send(`${server.url}/api/me`, 'GET', { cookie });
  if (response.status !== 200) return response.status;
  return ((await response.json()) as { author: { email: string } }).author.email;
}

// A page asks for one session several times at once; the store reads it once for all of them.
describe('one session asked for by many requests at once', () => {
  it('answers each request as the author whose cookie it sent', async () => {
    const cookies = Array.from({ length: 40 }, (_, i) => authors[i % 2] as (typeof authors)[number]);
    const answers = await Promise.all(cookies.map(({ cookie }) => whose(cookie)));
    expect(answers).toEqual(cookies.map(({ email }) => email));
  });

  it('knows a session no more once it is logged out, whatever was being read meanwhile', async () => {
    const [{ cookie }] = authors as [(typeof authors)[number]];
    const during = Array.from({ length: 10 }, () => whose(cookie));
    const logout = await send(`${server.url}/api/auth/logout`, 'POST', { cookie });
    expect(logout.status).toBeLessThan(300);
    await Promise.all(during);
    expect(await Promise.all(Array.from({ length: 5 }, () => whose(cookie)))).toEqual([
      401, 401, 401, 401, 401,
    ]);
  });
});
