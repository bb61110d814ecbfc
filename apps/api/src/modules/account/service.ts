import { raw, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { SignupBody, UpdateMeBody } from '@poetry/contract';
import { AUTHOR_EMAIL_INDEX, AUTHOR_USERNAME_INDEX, Author } from '../../db/entities/index.js';
import { conflict, found, invalidCredentials, unprocessable } from '../../errors.js';
import { attemptThrottle } from '../../http/rate-limiter.js';
import { SESSION_TABLE } from '../../http/session.js';
import { queueMail } from '../../mail/queue.js';
import type { ModuleContext } from '../context.js';
import { assertAcceptablePassword, hashPassword, verifyPassword } from './password.service.js';
import { createTokens } from './tokens.service.js';
import { freeUsername, usernameBase } from './username.service.js';

const USERNAME_ATTEMPTS = 5;

const emailTaken = () =>
  conflict('An account with this email exists', [{ path: 'email', code: 'taken', message: 'is taken' }]);

const usernameTaken = () =>
  conflict('This username is taken', [{ path: 'username', code: 'taken', message: 'is taken' }]);

/** The name of the unique index a failed write ran into, if that is why it failed. */
function violatedUniqueIndex(error: unknown): string | undefined {
  if (!(error instanceof UniqueConstraintViolationException)) return undefined;
  return (error as { constraint?: string }).constraint;
}

/**
 * `text` to quote in a mail to the author's address, only if that address is confirmed as theirs:
 * anyone may sign up with, or move an account to, anyone's address, and a mail there must carry
 * nothing the account chose ("Hello Visit evil.example to,").
 */
const quotable = <T extends object>(author: Author, text: T): Partial<T> =>
  author.emailVerifiedAt ? text : {};

const badToken = () =>
  unprocessable('This link is not valid: it was used already, has expired, or is not ours');

/**
 * The writes of accounts: signup, credentials and the links mailed for them, the author's own
 * record, deletion. The author row is written through its entity.
 */
export function createAccountService({ orm, pool, config }: Pick<ModuleContext, 'orm' | 'pool' | 'config'>) {
  const em = () => orm.em;
  const tokens = createTokens(pool);
  const emailChanges = attemptThrottle(pool, 'email-change', config.emailChangeThrottle);
  const addressMails = attemptThrottle(pool, 'mail-to', config.addressMailThrottle);
  /**
   * Counts a mail the caller's action sends to an address it named; 429 past the address's limit,
   * so that no one floods an address they do not own from any number of accounts.
   */
  const countMailTo = (email: string) => addressMails.consume({ address: email.toLowerCase() });

  /** The author with this id; 404 when there is none. */
  const load = async (authorId: string) => found(await em().findOne(Author, { id: authorId }), 'Author');

  const findByEmail = (email: string) => em().findOne(Author, { [raw('lower(email)')]: email.toLowerCase() });

  /** Ends stored sessions of an author, on every instance at once, since they share the table. */
  async function endSessions(authorId: string, options: { except?: string } = {}) {
    await pool.query(
      `DELETE FROM "${SESSION_TABLE}" WHERE sess #>> '{passport,user}' = $1 AND sid IS DISTINCT FROM $2`,
      [authorId, options.except ?? null],
    );
  }

  return {
    /** Creates the author and queues their verification mail. Answers the new author's id. */
    async signup(input: SignupBody): Promise<string> {
      await assertAcceptablePassword(input.password, input.email);
      if (await findByEmail(input.email)) throw emailTaken();
      await countMailTo(input.email);
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
          return author.id;
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
     * author. A refused password leaves the token usable. Answers the author's id.
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
      queueMail(em(), 'password_changed', {
        email: author.email,
        ...quotable(author, { name: author.firstname }),
      });
      await em().flush();
      await endSessions(author.id);
      return author.id;
    },

    /** Queues a verification mail to the author's address, unless it is verified already. */
    async requestEmailConfirmation(authorId: string) {
      const author = await load(authorId);
      if (author.emailVerifiedAt) return;
      await countMailTo(author.email);
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

    /**
     * Applies the allowed fields one by one (never the body as a whole). A new email or password
     * needs the current password, and ends the author's reset links and other sessions. Each sends
     * a notice (an email change to the old address), and a new address gets a verification mail.
     */
    async update(authorId: string, input: UpdateMeBody, currentSessionId: string) {
      const author = await load(authorId);
      const changesEmail = input.email !== undefined && input.email !== author.email;
      const changesCredentials = changesEmail || input.password !== undefined;
      if (changesCredentials) {
        if (!(await verifyPassword(author.passwordHash, input.current_password ?? ''))) {
          throw invalidCredentials();
        }
      }
      if (input.password !== undefined) {
        await assertAcceptablePassword(input.password, input.email ?? author.email);
      }
      if (changesEmail && input.email !== undefined) {
        const holder = await findByEmail(input.email);
        if (holder && holder !== author) throw emailTaken();
        // The limits are counted before anything is written, so a refused change changes nothing.
        await emailChanges.consume({ account: authorId });
        await countMailTo(author.email);
        await countMailTo(input.email);
      }
      // Before the change is saved, so that no reset link works once it is.
      if (changesCredentials) await tokens.endAll('reset_password', authorId);
      const oldEmail = author.email;
      if (input.password !== undefined) {
        author.passwordHash = await hashPassword(input.password);
        queueMail(em(), 'password_changed', {
          email: oldEmail,
          ...quotable(author, { name: author.firstname }),
        });
      }
      if (changesEmail && input.email !== undefined) {
        queueMail(em(), 'email_changed', {
          oldEmail,
          ...quotable(author, { name: author.firstname, newEmail: input.email }),
        });
        author.email = input.email;
        author.emailVerifiedAt = null;
        queueMail(em(), 'verify_email', { authorId, email: input.email });
      }
      if (input.firstname !== undefined) author.firstname = input.firstname;
      if (input.lastname !== undefined) author.lastname = input.lastname;
      if (input.username !== undefined) author.username = input.username;
      if (input.bio !== undefined) author.bio = input.bio;
      if (input.new_poem_mail !== undefined) author.newPoemMail = input.new_poem_mail;
      try {
        await em().flush();
      } catch (error) {
        const index = violatedUniqueIndex(error);
        if (index === AUTHOR_EMAIL_INDEX) throw emailTaken();
        if (index === AUTHOR_USERNAME_INDEX) throw usernameTaken();
        throw error;
      }
      if (changesCredentials) await endSessions(authorId, { except: currentSessionId });
    },

    /**
     * One click from a new-poem mail: turns its reader's new-poem mail off. The token is used up
     * (with the reader's other unsubscribe tokens); a bad, used or expired one changes nothing.
     */
    async unsubscribeFromNewPoems(token: string) {
      const used = await tokens.consume('unsubscribe_new_poems', token);
      if (!used) throw badToken();
      const author = await load(used.authorId);
      author.newPoemMail = 'off';
      await em().flush();
      return author.newPoemMail;
    },

    /** Deletes the author with everything they own (the schema cascades) and all their sessions. */
    async delete(authorId: string) {
      await em()
        .remove(await load(authorId))
        .flush();
      await endSessions(authorId);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
