import { raw } from '@mikro-orm/core';
import type { SignupBody } from '@poetry/contract';
import { AUTHOR_EMAIL_INDEX, AUTHOR_USERNAME_INDEX, Author } from '../../db/entities/index.js';
import type { MikroORM } from '../../db/orm.js';
import { conflict, found, unprocessable, validationFailed } from '../../errors.js';
import { queueMail } from '../../mail/queue.js';
import { violatedUniqueIndex } from '../shared/unique-violation.js';
import { isCommonPassword } from './common-passwords.js';
import { hashPassword, verifyPassword } from './password.js';
import type { SessionRegistry } from './session-registry.js';
import type { Tokens } from './tokens.js';
import { freeUsername, usernameBase } from './username.js';

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
  const em = () => orm.em;

  const load = async (authorId: string) => found(await em().findOne(Author, { id: authorId }), 'Author');

  /**
   * Refuses what is guessed first: the account's email (compared as the contract does) and the
   * most common passwords. `path` names the field in the 400.
   */
  async function assertAcceptablePassword(password: string, email: string, path = 'password') {
    if (password.trim().toLowerCase() === email.toLowerCase()) {
      throw validationFailed([{ path, message: 'must not be your email address' }]);
    }
    if (await isCommonPassword(password)) {
      throw validationFailed([{ path, message: 'is too common: choose one that is harder to guess' }]);
    }
  }

  const findByEmail = (email: string) => em().findOne(Author, { [raw('lower(email)')]: email.toLowerCase() });

  return {
    findById: (id: string) => em().findOne(Author, { id }),

    /** The author with this id; 404 when there is none. */
    load,

    async signup(input: SignupBody) {
      await assertAcceptablePassword(input.password, input.email);
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

    assertAcceptablePassword,

    /** Ends every outstanding reset link of the author, whose password or email is changing. */
    endResetTokens: (authorId: string) => tokens.endAll('reset_password', authorId),

    /**
     * Queues a reset mail for `email`, the same work whether or not an account has it: the mail
     * worker finds out, and writes nothing for an unknown address.
     */
    async requestPasswordReset(email: string) {
      queueMail(em(), 'password_reset_request', { email });
      await em().flush();
    },

    /**
     * Sets a new password with a reset token; ends every reset token and every session of the
     * author. A refused password leaves the token usable.
     */
    async resetPassword(token: string, newPassword: string) {
      const holder = await tokens.holder('reset_password', token);
      if (!holder) throw badToken();
      await assertAcceptablePassword(newPassword, holder.email, 'new_password');
      const passwordHash = await hashPassword(newPassword);
      const used = await tokens.consume('reset_password', token);
      if (!used) throw badToken();
      const author = await load(used.authorId);
      author.passwordHash = passwordHash;
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
      // The address may have changed since the token was used up.
      if (author.email !== used.email) throw badToken();
      author.emailVerifiedAt ??= new Date();
      await em().flush();
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
