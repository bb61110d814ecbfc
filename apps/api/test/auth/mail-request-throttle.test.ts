import { describe, expect, it } from 'vitest';
import { authorWithCookie } from '../support/logged-in-authors.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const PER_IP = 4;

const server = useTestServer({
  MAIL_REQUESTS_PER_IP: String(PER_IP),
  MAIL_REQUESTS_PER_ACCOUNT: '1000',
  TRUST_PROXY: 'true',
});

const queuedMails = async () =>
  (await server.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox')).rows[0]?.n;

const forgot = (email: string, ip: string) =>
  send(`${server.url}/api/auth/forgot-password`, 'POST', {
    body: { email },
    headers: { 'x-forwarded-for': ip },
  });

const confirm = (cookie: string, ip: string) =>
  send(`${server.url}/api/auth/email-confirmation`, 'GET', { cookie, headers: { 'x-forwarded-for': ip } });

describe('mail requests per IP', () => {
  it('limits forgot-password from one address across accounts, and mails nothing when refused', async () => {
    for (let i = 0; i < PER_IP; i += 1) {
      expect((await forgot(`someone-${i}@example.com`, '10.8.0.1')).status).toBe(200);
    }
    const before = await queuedMails();
    const blocked = await forgot('someone-else@example.com', '10.8.0.1');
    await expectProblem(Promise.resolve(blocked), 429, 'rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await queuedMails()).toBe(before);
    expect((await forgot('someone-else@example.com', '10.8.0.2')).status).toBe(200);
  });

  it('limits email-confirmation from one address across accounts, and mails nothing when refused', async () => {
    const authors = await Promise.all(Array.from({ length: PER_IP + 1 }, () => authorWithCookie(server)));
    for (const { cookie } of authors.slice(0, PER_IP)) {
      expect((await confirm(cookie, '10.9.0.1')).status).toBe(200);
    }
    const last = authors[PER_IP]?.cookie as string;
    const before = await queuedMails();
    await expectProblem(confirm(last, '10.9.0.1'), 429, 'rate_limited');
    expect(await queuedMails()).toBe(before);
    expect((await confirm(last, '10.9.0.2')).status).toBe(200);
  });
});
