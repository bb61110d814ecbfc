import { randomUUID } from 'node:crypto';
import type { PoetryClient } from '@poetry/sdk';

export const PASSWORD = 'correct horse battery staple';

/** Signs up a new author with a unique email through `client`, which is then logged in. */
export async function signUp(
  client: PoetryClient,
  overrides: { firstname?: string; lastname?: string } = {},
) {
  const email = `author-${randomUUID()}@example.com`;
  const { author } = await client.auth.signup({
    body: {
      email,
      password: PASSWORD,
      firstname: overrides.firstname ?? 'Ada',
      lastname: overrides.lastname ?? 'Lovelace',
    },
  });
  return { ...author, password: PASSWORD };
}
