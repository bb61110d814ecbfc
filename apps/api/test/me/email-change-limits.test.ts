import { randomUUID } from 'node:crypto';
import { eventually } from '@poetry/test-support/eventually';
import { useSmtpServer } from '@poetry/test-support/smtp';
import { describe, expect, it } from 'vitest';
import { PASSWORD } from '../support/authors.js';
import { authorWithCookie } from '../support/logged-in-authors.js';
import { expectProblem } from '../support/problems.js';
import { send, sessionCookie } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

/*
 * At most 3 email changes per account a day, and at most 3 mails an hour to any one address from
 * all accounts together (API.md, "Additions: security, round three"), with the defaults of
 * config.ts. Found: 25 round trips of `PUT /api/me` between a victim's address and one's own sent
 * the victim 30 mails in 3 s.
 */
const smtp = useSmtpServer();
const server = useTestServer(() => ({ SMTP_URL: smtp.url }));

const address = (label: string) => `${label}-${randomUUID()}@example.com`;

const queuedMails = async () =>
  (await server.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox')).rows[0]?.n;

/** Every queued mail has gone out, so what the SMTP server holds is all there will be. */
const allMailSent = () =>
  eventually('every queued mail sent', async () => {
    const { rows } = await server.pool.query('SELECT 1 FROM mail_outbox WHERE sent_at IS NULL LIMIT 1');
    return rows.length === 0;
  });

type Author = Awaited<ReturnType<typeof authorWithCookie>>;

const changeEmail = (author: Author, email: string) =>
  send(`${server.url}/api/me`, 'PUT', { cookie: author.cookie, body: { email, current_password: PASSWORD } });

/** A refused change: 429 with Retry-After, the author's address as it was, no mail queued. */
async function expectChangeRefused(author: Author, email: string) {
  const { email: before } = (await author.client.me.get()).author;
  const queued = await queuedMails();
  const answer = await changeEmail(author, email);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  await expectProblem(Promise.resolve(answer), 429, 'rate_limited');
  expect((await author.client.me.get()).author.email).toBe(before);
  expect(await queuedMails()).toBe(queued);
}

describe('email changes', () => {
  it('are at most 3 per account a day', async () => {
    const author = await authorWithCookie(server);
    for (const label of ['first', 'second', 'third']) {
      expect((await changeEmail(author, address(label))).status).toBe(200);
    }
    await expectChangeRefused(author, address('fourth'));
  });

  it('send a victim at most 3 mails in 25 round trips between their address and one’s own', async () => {
    const author = await authorWithCookie(server);
    const victim = address('victim');
    const statuses: number[] = [];
    for (let trip = 0; trip < 25; trip += 1) {
      // A fresh address of one's own each time, so that its own limit does not stop the attack.
      const own = address(`own-${trip}`);
      statuses.push((await changeEmail(author, victim)).status, (await changeEmail(author, own)).status);
    }
    await allMailSent();
    console.log(`answers: ${statuses.join(' ')}; mails to the victim: ${smtp.to(victim).length}`);
    expect(new Set(statuses)).toEqual(new Set([200, 429]));
    // Counted as queued: a verification mail is dropped when the address has changed again by then.
    expect(smtp.to(victim).length).toBeLessThanOrEqual(3);
  });
});

describe('mails to one address', () => {
  it('are at most 3 an hour from all accounts together', async () => {
    const [first, second] = [await authorWithCookie(server), await authorWithCookie(server)];
    const victim = address('victim');
    // The verification mail to the victim, then the notice of the change away from it.
    expect((await changeEmail(first, victim)).status).toBe(200);
    expect((await changeEmail(first, address('first'))).status).toBe(200);
    expect((await changeEmail(second, victim)).status).toBe(200);
    // The notice of this change would be the victim's fourth mail: another account's limit is untouched.
    await expectChangeRefused(second, address('second'));
    await allMailSent();
    expect(smtp.to(victim).length).toBeLessThanOrEqual(3);
  });

  it('count the verification mails of signup and of a confirmation request', async () => {
    const email = address('victim');
    const body = { email, password: PASSWORD, firstname: 'Ada', lastname: 'Lovelace' };
    const signup = await send(`${server.url}/api/auth/signup`, 'POST', { body });
    expect(signup.status).toBe(201);
    const cookie = sessionCookie(signup);
    expect((await send(`${server.url}/api/auth/email-confirmation`, 'GET', { cookie })).status).toBe(200);
    const moved = { email: address('moved'), current_password: PASSWORD };
    expect((await send(`${server.url}/api/me`, 'PUT', { cookie, body: moved })).status).toBe(200);

    // The address is free again, and has had its 3 mails this hour.
    const queued = await queuedMails();
    const refused = await send(`${server.url}/api/auth/signup`, 'POST', { body });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await expectProblem(Promise.resolve(refused), 429, 'rate_limited');
    expect(await queuedMails()).toBe(queued);
    const { rows } = await server.pool.query('SELECT 1 FROM author WHERE lower(email) = lower($1)', [email]);
    expect(rows).toHaveLength(0);
  });
});
