import { describe, expect, it } from 'vitest';
import { PASSWORD, signUp } from '../support/authors.js';
import { expectNoSession, expectProblem } from '../support/problems.js';
import { send, sessionCookie } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

const loginCookie = async (email: string, password = PASSWORD) =>
  sessionCookie(await send(`${server.url}/api/auth/login`, 'POST', { body: { email, password } }));

describe('GET /api/me', () => {
  it('answers 401 without a session', async () => {
    await expectProblem(send(`${server.url}/api/me`, 'GET'), 401, 'unauthenticated');
    await expectNoSession(server, 'poetry.sid=s%3Aforged.sig');
  });

  it('returns the public and the personal data of the author', async () => {
    const client = server.client();
    const author = await signUp(client);
    const { author: me } = await client.me.get();
    expect(me).toMatchObject({
      id: author.id,
      email: author.email,
      email_verified: false,
      followed_by_me: false,
    });
  });
});

describe('PUT /api/me', () => {
  it('changes the profile fields it is given and nothing else', async () => {
    const client = server.client();
    const before = await signUp(client);
    const { author } = await client.me.update({ body: { firstname: 'Augusta', bio: 'Poet of science.' } });
    expect(author).toMatchObject({
      firstname: 'Augusta',
      lastname: before.lastname,
      fullname: `Augusta ${before.lastname}`,
      bio: 'Poet of science.',
      email: before.email,
      username: before.username,
    });
    expect((await client.me.get()).author.bio).toBe('Poet of science.');
  });

  it('keeps the new-poem mail setting: each by default, then daily or off; anything else is 400', async () => {
    const client = server.client();
    const author = await signUp(client);
    expect(author.new_poem_mail).toBe('each');
    for (const setting of ['off', 'daily', 'each'] as const) {
      expect((await client.me.update({ body: { new_poem_mail: setting } })).author.new_poem_mail).toBe(
        setting,
      );
      expect((await client.me.get()).author.new_poem_mail).toBe(setting);
    }
    await client.me.update({ body: { new_poem_mail: 'off' } });
    await expect(
      client.me.update({ body: { new_poem_mail: 'weekly' as 'off', bio: 'unchanged' } }),
    ).rejects.toMatchObject({ status: 400, errors: [{ path: 'new_poem_mail' }] });
    expect((await client.me.get()).author).toMatchObject({ new_poem_mail: 'off', bio: author.bio });
  });

  it('changes the username, lower-cased, and refuses one that is taken with 409', async () => {
    const client = server.client();
    await signUp(client);
    const { author } = await client.me.update({ body: { username: 'Quill_Master' } });
    expect(author.username).toBe('quill_master');

    const other = server.client();
    await signUp(other);
    await expect(other.me.update({ body: { username: 'QUILL_MASTER' } })).rejects.toMatchObject({
      status: 409,
      errors: [{ path: 'username', code: 'taken' }],
    });
    await expect(other.me.update({ body: { username: 'no spaces allowed' } })).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'username', code: 'invalid' }],
    });
    await expect(other.me.update({ body: { username: 'List' } })).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'username', code: 'reserved' }],
    });
  });

  it('needs the current password to change the email, and unverifies the new address', async () => {
    const client = server.client();
    const author = await signUp(client);
    await expect(client.me.update({ body: { email: 'new-address@example.com' } })).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'current_password', code: 'required' }],
    });
    await expect(
      client.me.update({ body: { email: 'new-address@example.com', current_password: 'wrong password' } }),
    ).rejects.toMatchObject({ status: 401, code: 'invalid_credentials' });
    expect((await client.me.get()).author.email).toBe(author.email);

    const { author: updated } = await client.me.update({
      body: { email: 'New-Address@example.com', current_password: PASSWORD },
    });
    expect(updated).toMatchObject({ email: 'new-address@example.com', email_verified: false });
    expect(
      (
        await send(`${server.url}/api/auth/login`, 'POST', {
          body: { email: 'new-address@example.com', password: PASSWORD },
        })
      ).status,
    ).toBe(200);
  });

  it('ends every other session of the author on an email change, and keeps this one', async () => {
    const client = server.client();
    const author = await signUp(client);
    const otherDevice = await loginCookie(author.email);
    await client.me.update({ body: { email: `moved-${author.id}@example.com`, current_password: PASSWORD } });

    expect((await client.me.get()).author.email).toBe(`moved-${author.id}@example.com`);
    await expectNoSession(server, otherDevice);
  });

  it('refuses an email another author has with 409', async () => {
    const first = await signUp(server.client());
    const client = server.client();
    await signUp(client);
    await expect(
      client.me.update({ body: { email: first.email, current_password: PASSWORD } }),
    ).rejects.toMatchObject({ status: 409, errors: [{ path: 'email' }] });
  });

  it('changes the password with the current one and ends every other session', async () => {
    const client = server.client();
    const author = await signUp(client);
    const otherDevice = await loginCookie(author.email);
    await expect(client.me.update({ body: { password: 'a brand new password' } })).rejects.toMatchObject({
      status: 400,
    });
    await client.me.update({ body: { password: 'a brand new password', current_password: PASSWORD } });

    expect((await client.me.get()).author.id).toBe(author.id);
    await expectNoSession(server, otherDevice);
    await expectProblem(
      send(`${server.url}/api/auth/login`, 'POST', { body: { email: author.email, password: PASSWORD } }),
      401,
      'invalid_credentials',
    );
    expect(await loginCookie(author.email, 'a brand new password')).toBeTruthy();
  });

  it('rejects unknown and read-only fields with 400 and changes nothing', async () => {
    const client = server.client();
    const author = await signUp(client);
    await expectProblem(
      send(`${server.url}/api/me`, 'PUT', {
        cookie: await loginCookie(author.email),
        body: { bio: 'changed', email_verified: true, followers_count: 1000 },
      }),
      400,
      'validation_failed',
    );
    expect((await client.me.get()).author).toMatchObject({
      bio: '',
      email_verified: false,
      followers_count: 0,
    });
  });
});

describe('DELETE /api/me', () => {
  it('deletes the author, ends all their sessions, and frees nothing to log in with', async () => {
    const client = server.client();
    const author = await signUp(client);
    const otherDevice = await loginCookie(author.email);
    const { author: deleted } = await client.me.delete();
    expect(deleted.id).toBe(author.id);

    await expect(client.me.get()).rejects.toMatchObject({ status: 401 });
    await expectNoSession(server, otherDevice);
    await expectProblem(
      send(`${server.url}/api/auth/login`, 'POST', { body: { email: author.email, password: PASSWORD } }),
      401,
      'invalid_credentials',
    );
    const { rows } = await server.pool.query(
      `SELECT count(*)::int AS n FROM session WHERE sess #>> '{passport,user}' = $1`,
      [author.id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('answers 401 without a session', async () => {
    await expectProblem(send(`${server.url}/api/me`, 'DELETE'), 401, 'unauthenticated');
  });
});
