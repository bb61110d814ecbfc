import { type MikroORM, raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SignupBody } from '@poetry/contract';
import { AUTHOR_EMAIL_INDEX, AUTHOR_USERNAME_INDEX, Author } from '../../db/entities/index.js';
import { conflict, notFound, unprocessable, validationFailed } from '../../errors.js';
import { queueMail } from '../../mail/queue.js';
import { violatedUniqueIndex } from '../authors/unique-violation.js';
import { freeUsername, usernameBase } from '../authors/username.js';
import { hashPassword, verifyPassword } from './password.js';
import type { SessionRegistry } from './session-registry.js';
import type { Tokens } from './tokens.js';

const USERNAME_ATTEMPTS = 5;

export const emailTaken = () =>
  conflict('An account with this email exists', [{ path: 'email', message: 'is taken' }]);

const badToken = () =>
  unprocessable('This link is not valid: it was used already, has expired, or is not ours');

export function createAuthService({
  orm,
  tokens,
  sessions,
}: {
  orm: MikroORM;
  tokens: Tokens;
  sessions: SessionRegistry;
}) {
  const em = () => orm.em as EntityManager;

  async function load(authorId: string) {
    const author = await em().findOne(Author, { id: authorId });
    if (!author) throw notFound('Author');
    return author;
  }

  /** Rejects a password equal to the account's email, which is the first thing guessed. */
  function assertPasswordIsNotEmail(password: string, email: string) {
    if (password.toLowerCase() === email.toLowerCase()) {
      throw validationFailed([{ path: 'password', message: 'must not be your email address' }]);
    }
  }

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
        queueMail(fork, 'verify_email', { authorId: author.id, email: author.email });
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

    assertPasswordIsNotEmail,

    /**
     * Queues a reset mail for `email`, the same work whether or not an account has it: the mail
     * worker finds out, and writes nothing for an unknown address.
     */
    async requestPasswordReset(email: string) {
      queueMail(em(), 'password_reset_request', { email });
      await em().flush();
    },

    /** Sets a new password with a reset token; ends every session of the author. */
    async resetPassword(token: string, newPassword: string) {
      const used = await tokens.consume('reset_password', token);
      if (!used) throw badToken();
      const author = await load(used.authorId);
      assertPasswordIsNotEmail(newPassword, author.email);
      author.passwordHash = await hashPassword(newPassword);
      queueMail(em(), 'password_changed', { email: author.email, name: author.firstname });
      await em().flush();
      await sessions.endAll(author.id);
      return author.id;
    },

    /** Queues a verification mail to the author's address, unless it is verified already. */
    async requestEmailConfirmation(authorId: string) {
      const author = await load(authorId);
      if (author.emailVerifiedAt) return;
      queueMail(em(), 'verify_email', { authorId: author.id, email: author.email });
      await em().flush();
    },

    /** Marks the address a verification token was sent to as verified, if it is still the author's. */
    async verifyEmail(token: string) {
      const used = await tokens.consume('verify_email', token);
      if (!used) throw badToken();
      const author = await load(used.authorId);
      if (author.email !== used.email) throw badToken();
      author.emailVerifiedAt ??= new Date();
      await em().flush();
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
