import type { UpdateMeBody } from '@poetry/contract';
import { AUTHOR_EMAIL_INDEX, AUTHOR_USERNAME_INDEX } from '../../db/entities/index.js';
import type { MikroORM } from '../../db/orm.js';
import { conflict, invalidCredentials } from '../../errors.js';
import { queueMail } from '../../mail/queue.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { type AuthService, emailTaken } from '../auth/service.js';
import type { SessionRegistry } from '../auth/session-registry.js';
import { violatedUniqueIndex } from '../shared/unique-violation.js';

const usernameTaken = () => conflict('This username is taken', [{ path: 'username', message: 'is taken' }]);

export function createMeService({
  orm,
  sessions,
  authService,
}: {
  orm: MikroORM;
  sessions: SessionRegistry;
  authService: AuthService;
}) {
  const em = () => orm.em;

  const load = authService.load;

  return {
    get: load,

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
        await authService.assertAcceptablePassword(input.password, input.email ?? author.email);
      }
      // Before the change is saved, so that no reset link works once it is.
      if (changesCredentials) await authService.endResetTokens(authorId);
      const oldEmail = author.email;
      if (input.password !== undefined) {
        author.passwordHash = await hashPassword(input.password);
        queueMail(em(), 'password_changed', { email: oldEmail, name: author.firstname });
      }
      if (changesEmail && input.email !== undefined) {
        author.email = input.email;
        author.emailVerifiedAt = null;
        queueMail(em(), 'email_changed', { oldEmail, newEmail: input.email, name: author.firstname });
        queueMail(em(), 'verify_email', { authorId, email: input.email });
      }
      if (input.firstname !== undefined) author.firstname = input.firstname;
      if (input.lastname !== undefined) author.lastname = input.lastname;
      if (input.username !== undefined) author.username = input.username;
      if (input.bio !== undefined) author.bio = input.bio;
      try {
        await em().flush();
      } catch (error) {
        const index = violatedUniqueIndex(error);
        if (index === AUTHOR_EMAIL_INDEX) throw emailTaken();
        if (index === AUTHOR_USERNAME_INDEX) throw usernameTaken();
        throw error;
      }
      if (changesCredentials) await sessions.endAll(authorId, { except: currentSessionId });
      return author;
    },

    /** Deletes the author with everything they own (the schema cascades) and all their sessions. */
    async delete(authorId: string) {
      const author = await load(authorId);
      await em().remove(author).flush();
      await sessions.endAll(authorId);
      return author;
    },
  };
}

export type MeService = ReturnType<typeof createMeService>;
