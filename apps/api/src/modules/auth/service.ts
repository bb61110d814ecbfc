import { type MikroORM, raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SignupBody } from '@poetry/contract';
import { AUTHOR_EMAIL_INDEX, AUTHOR_USERNAME_INDEX, Author } from '../../db/entities/index.js';
import { conflict, validationFailed } from '../../errors.js';
import { violatedUniqueIndex } from '../authors/unique-violation.js';
import { freeUsername, usernameBase } from '../authors/username.js';
import { hashPassword, verifyPassword } from './password.js';

const USERNAME_ATTEMPTS = 5;

export const emailTaken = () =>
  conflict('An account with this email exists', [{ path: 'email', message: 'is taken' }]);

export function createAuthService({ orm }: { orm: MikroORM }) {
  const em = () => orm.em as EntityManager;

  const findByEmail = (email: string) => em().findOne(Author, { [raw('lower(email)')]: email.toLowerCase() });

  return {
    findById: (id: string) => em().findOne(Author, { id }),

    async signup(input: SignupBody) {
      if (await findByEmail(input.email)) throw emailTaken();
      const passwordHash = await hashPassword(input.password);
      const base = usernameBase(input.firstname, input.lastname);
      for (let attempt = 1; ; attempt += 1) {
        const fork = em().fork();
        const author = fork.create(Author, {
          email: input.email,
          passwordHash,
          username: await freeUsername(fork, base),
          firstname: input.firstname,
          lastname: input.lastname,
        });
        try {
          await fork.flush();
          return author;
        } catch (error) {
          const index = violatedUniqueIndex(error);
          if (index === AUTHOR_EMAIL_INDEX) throw emailTaken();
          if (index !== AUTHOR_USERNAME_INDEX || attempt === USERNAME_ATTEMPTS) throw error;
        }
      }
    },

    /** The author with this email and password, or null; both ways take the same time. */
    async verifyCredentials(email: string, password: string) {
      const author = await findByEmail(email);
      const matches = await verifyPassword(author?.passwordHash, password);
      return matches ? author : null;
    },

    /** Rejects a password equal to the account's email, which is the first thing guessed. */
    assertPasswordIsNotEmail(password: string, email: string) {
      if (password.toLowerCase() === email.toLowerCase()) {
        throw validationFailed([{ path: 'password', message: 'must not be your email address' }]);
      }
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
