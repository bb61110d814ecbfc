import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eventually } from '@poetry/test-support/eventually';
import { tokenIn, useSmtpServer } from '@poetry/test-support/smtp';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { capturedLog } from '../support/captured-log.js';
import { send, sessionCookie } from '../support/raw.js';
import { type TestEnv, useTestServer } from '../support/server.js';

const SESSION_SECRET = 'the-session-secret-under-test-4f1d9c';

/** The server of the describe block, whose log lines its tests read. */
function useLoggedServer(env: () => TestEnv) {
  const { logTo, lines, logged } = capturedLog();
  const server = useTestServer(() => ({ LOG_LEVEL: 'trace', SESSION_SECRET, ...env() }), { logTo });
  return { server, lines, logged };
}

describe('secrets stay out of logs and answers', () => {
  const smtp = useSmtpServer();
  const { server, lines, logged } = useLoggedServer(() => ({ SMTP_URL: smtp.url }));

  it('through signup, logins, a failed one, a reset, a verification and a password change', async () => {
    const email = `secretive-${randomUUID()}@example.com`;
    const passwords = ['first password 7c1b', 'reset password 9d2e', 'changed password 3a8f'] as const;
    const wrongPassword = 'wrong password 5e6a';
    const answers: Response[] = [];
    const bodies: string[] = [];
    const call = async (
      url: string,
      method: string,
      options: { body?: unknown; cookie?: string } = {},
    ): Promise<Response> => {
      const response = await send(`${server.url}${url}`, method, options);
      answers.push(response);
      bodies.push(await response.text());
      return response;
    };

    const signup = await call('/api/auth/signup', 'POST', {
      body: { email, password: passwords[0], firstname: 'Sec', lastname: 'Ret' },
    });
    expect(signup.status).toBe(201);
    const cookies = [sessionCookie(signup)];
    const verificationToken = tokenIn(await smtp.waitFor(email));
    expect(
      (await call('/api/auth/verify-email', 'POST', { body: { token: verificationToken } })).status,
    ).toBe(200);
    expect((await call('/api/me', 'GET', { cookie: cookies[0] })).status).toBe(200);
    expect((await call('/api/auth/logout', 'POST', { cookie: cookies[0] })).status).toBe(200);

    expect((await call('/api/auth/login', 'POST', { body: { email, password: wrongPassword } })).status).toBe(
      401,
    );
    const login = await call('/api/auth/login', 'POST', { body: { email, password: passwords[0] } });
    expect(login.status).toBe(200);
    cookies.push(sessionCookie(login));

    expect((await call('/api/auth/forgot-password', 'POST', { body: { email } })).status).toBe(200);
    const resetToken = tokenIn(await smtp.waitFor(email, { nth: 2 }));
    const reset = await call('/api/auth/reset-password', 'POST', {
      body: { token: resetToken, new_password: passwords[1], confirmed_password: passwords[1] },
    });
    expect(reset.status).toBe(200);

    const again = await call('/api/auth/login', 'POST', { body: { email, password: passwords[1] } });
    expect(again.status).toBe(200);
    cookies.push(sessionCookie(again));
    const change = await call('/api/me', 'PUT', {
      cookie: cookies[2],
      body: { password: passwords[2], current_password: passwords[1] },
    });
    expect(change.status).toBe(200);
    expect((await call('/api/auth/email-confirmation', 'GET', { cookie: cookies[2] })).status).toBe(200);

    const { rows } = await server.pool.query<{ hash: string }>(
      'SELECT password_hash AS hash FROM author WHERE email = $1',
      [email],
    );
    const sessionIds = cookies.map((cookie) => decodeURIComponent(cookie.split('=')[1] as string));
    const secrets = [
      ...passwords,
      wrongPassword,
      SESSION_SECRET,
      verificationToken,
      resetToken,
      ...cookies.map((cookie) => cookie.split('=')[1] as string),
      ...sessionIds, // `s:<id>.<signature>`
      ...sessionIds.map((id) => id.slice(2, id.indexOf('.'))),
      rows[0]?.hash as string,
      '$argon2',
    ];
    expect(rows[0]?.hash).toMatch(/^\$argon2id\$/);

    await smtp.waitFor(email, { nth: 4 }); // the notice of the password change: the mail worker is done
    // A request's line is written once its connection has closed, which may be after we read the answer.
    const ids = answers.map((answer) => answer.headers.get('x-request-id') as string);
    for (const id of ids) await logged(id);
    const log = lines.join('\n');

    for (const secret of secrets) {
      expect(log, `the log holds ${secret}`).not.toContain(secret);
      for (const body of bodies) expect(body).not.toContain(secret);
    }

    // Every line logged about a request names it, and each answer's X-Request-Id is in the log.
    const entries = lines.map((line) => JSON.parse(line) as { req?: unknown; reqId?: string; msg: string });
    const requestEntries = entries.filter((entry) => entry.req);
    expect(requestEntries.length).toBeGreaterThanOrEqual(answers.length);
    for (const entry of requestEntries) expect(entry.reqId, entry.msg).toMatch(/\S/);
    const loggedIds = new Set(requestEntries.map((entry) => entry.reqId));
    for (const id of ids) expect(loggedIds).toContain(id);
  });

  it('logs no hash or password from a database error on the way to storing one', async () => {
    // A database that refuses the new author: the error MikroORM raises quotes its statement.
    await server.pool.query(`
      CREATE FUNCTION refuse_author() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END $$;
      CREATE TRIGGER refuse_author BEFORE INSERT ON author
        FOR EACH ROW WHEN (new.email LIKE 'refused-%') EXECUTE FUNCTION refuse_author();`);
    const password = 'refused password 1b7c';
    const response = await send(`${server.url}/api/auth/signup`, 'POST', {
      body: { email: `refused-${randomUUID()}@example.com`, password, firstname: 'No', lastname: 'Pe' },
    });
    expect(response.status).toBe(500);
    const body = await response.text();
    const logged = lines.find(
      (line) => line.includes('unhandled error') && line.includes('refused for the test'),
    );
    expect(logged).toBeDefined();
    for (const text of [logged, body]) {
      expect(text).not.toContain('$argon2');
      expect(text).not.toContain(password);
    }
  });
});

describe('mailed links opened on this origin', () => {
  const { server, lines } = useLoggedServer(() => ({}));

  it('log their token as [redacted], on any path, in any letter case, among other parameters', async () => {
    const token = `link-token-${randomUUID()}`;
    const urls = [
      `/reset-password?token=${token}`,
      `/verify-email?from=mail&TOKEN=${token}&to=page`,
      `/api/poem?token=${token}`,
    ];
    for (const url of urls) await (await send(`${server.url}${url}`, 'GET')).text();
    const logged = () => lines.filter((line) => line.includes('"request completed"') && /oken=/i.test(line));
    await eventually('every request to be logged', () => logged().length >= urls.length);
    expect(lines.join('\n')).not.toContain(token);
    expect(logged().map((line) => JSON.parse(line).req.url)).toEqual([
      '/reset-password?token=[redacted]',
      '/verify-email?from=mail&TOKEN=[redacted]&to=page',
      '/api/poem?token=[redacted]',
    ]);
  });
});

describe('the outbox folder (no SMTP) in production', () => {
  const { server, lines, logged } = useLoggedServer(() => ({
    NODE_ENV: 'production',
    SECURE_COOKIES: 'true',
    TRUST_PROXY: 'loopback',
  }));

  it('writes the mail with its link but logs no token', async () => {
    const email = `outboxed-${randomUUID()}@example.com`;
    const signup = await send(`${server.url}/api/auth/signup`, 'POST', {
      body: { email, password: 'outbox password 8e2d', firstname: 'Out', lastname: 'Box' },
    });
    expect(signup.status).toBe(201);
    const outbox = path.join(server.config.dataDir, 'outbox');
    const file = await eventually('the mail in the outbox folder', async () =>
      (await readdir(outbox).catch(() => [])).find((name) => name.endsWith('.eml')),
    );
    const token = tokenIn(await simpleParser(await readFile(path.join(outbox, file))));
    await logged('mail written to the outbox folder');
    expect(lines.join('\n')).not.toContain(token);
  });
});
