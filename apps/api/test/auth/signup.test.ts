import { ApiError } from '@poetry/sdk';
import { describe, expect, it } from 'vitest';
import { PASSWORD, signUp } from '../support/authors.js';
import { expectProblem } from '../support/problems.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

describe('POST /api/auth/signup', () => {
  it('creates the author, answers 201 with the private record and logs them in', async () => {
    const client = server.client();
    const email = 'grace.hopper@example.com';
    const { author } = await client.auth.signup({
      body: { email, password: PASSWORD, firstname: 'Grace', lastname: 'Hopper' },
    });
    expect(author).toMatchObject({
      email,
      email_verified: false,
      firstname: 'Grace',
      lastname: 'Hopper',
      fullname: 'Grace Hopper',
      username: 'grace-hopper',
      bio: '',
      poems_count: 0,
      followers_count: 0,
      profile_photo_url: null,
    });
    expect(author?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/);
    const me = await client.me.get();
    expect(me.author.id).toBe(author?.id);
  });

  it('answers 201 as the status code', async () => {
    const response = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'status@example.com',
        password: PASSWORD,
        firstname: 'S',
        lastname: 'C',
      }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('set-cookie')).toMatch(/poetry\.sid=.*HttpOnly.*SameSite=Lax/i);
  });

  it('generates distinct usernames from the same names', async () => {
    const first = await signUp(server.client(), { firstname: 'Émile', lastname: 'Zola' });
    const second = await signUp(server.client(), { firstname: 'Émile', lastname: 'Zola' });
    expect(first.username).toBe('emile-zola');
    expect(second.username).toBe('emile-zola-2');
  });

  it('rejects an email that is taken, whatever its case, with 409', async () => {
    const client = server.client();
    const body = { email: 'taken@example.com', password: PASSWORD, firstname: 'A', lastname: 'B' };
    await client.auth.signup({ body });
    const error = await server
      .client()
      .auth.signup({ body: { ...body, email: 'TAKEN@Example.com' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'conflict',
      errors: [{ path: 'email', code: 'taken' }],
    });
  });

  it('answers 400 with the path of every invalid field, and what is wrong with it', async () => {
    const problem = await expectProblem(
      fetch(`${server.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'not-an-email', password: 'short', firstname: ' ' }),
      }),
      400,
      'validation_failed',
      ['email', 'password', 'firstname', 'lastname'],
    );
    expect(Object.fromEntries(problem.errors?.map(({ path, code }) => [path, code]) ?? [])).toEqual({
      email: 'invalid',
      password: 'too_short',
      firstname: 'required',
      lastname: 'required',
    });
  });

  it('rejects unknown fields, so nothing can be mass-assigned', async () => {
    await expectProblem(
      fetch(`${server.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'mass@example.com',
          password: PASSWORD,
          firstname: 'M',
          lastname: 'A',
          email_verified: true,
        }),
      }),
      400,
      'validation_failed',
    );
    const login = await server
      .client()
      .auth.login({ body: { email: 'mass@example.com', password: PASSWORD } })
      .catch((e: unknown) => e);
    expect(login).toMatchObject({ status: 401 });
  });

  it('rejects a password equal to the email', async () => {
    const error = await server
      .client()
      .auth.signup({
        body: { email: 'same@example.com', password: 'same@example.com', firstname: 'S', lastname: 'E' },
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, errors: [{ path: 'password', code: 'same_as_email' }] });
  });
});
