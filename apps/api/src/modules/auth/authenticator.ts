import type { Request, Response } from 'express';
import { Authenticator } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import type { Author as AuthorEntity } from '../../db/entities/index.js';
import { invalidCredentials } from '../../errors.js';
import type { LoginThrottle } from './login-throttle.js';
import type { AuthService } from './service.js';

declare global {
  namespace Express {
    /** What the session remembers of the logged-in author; services load the rest. */
    interface User {
      id: string;
    }
  }
}

/**
 * passport with one local strategy (email + password). The session stores only the author id,
 * so reading a session costs no query beyond the session store's own.
 */
export function createAuthenticator({
  authService,
  throttle,
}: {
  authService: AuthService;
  throttle: LoginThrottle;
}) {
  const authenticator = new Authenticator();
  authenticator.serializeUser<string>((user, done) => done(null, user.id));
  authenticator.deserializeUser<string>((id, done) => done(null, { id }));
  authenticator.use(
    new LocalStrategy(
      { usernameField: 'email', passwordField: 'password', passReqToCallback: true },
      (req, email, password, done) => {
        const ip = req.ip ?? 'unknown';
        // The attempt is counted before the (slow) password check, so a failure has no more to record.
        throttle
          .admitAttempt(email, ip)
          .then(() => authService.verifyCredentials(email, password))
          .then(async (author) => {
            if (!author) throw invalidCredentials();
            await throttle.recordSuccess(email, ip);
            return author;
          })
          .then((author) => done(null, author), done);
      },
    ),
  );

  return {
    initialize: () => authenticator.initialize(),
    session: () => authenticator.session(),
    /**
     * Checks the credentials in `req.body` and logs the author in. passport regenerates the
     * session id on login, so a session id planted before login is worthless after it.
     */
    logIn(req: Request, res: Response): Promise<AuthorEntity> {
      return new Promise((resolve, reject) => {
        authenticator.authenticate(
          'local',
          { session: false },
          (error: unknown, author: AuthorEntity | false) => {
            if (error) return reject(error);
            if (!author) return reject(invalidCredentials());
            startSession(req, author).then(() => resolve(author), reject);
          },
        )(req, res, reject);
      });
    },
    /** Logs in an author the service has just created (signup). */
    logInAs: startSession,
  };
}

function startSession(req: Request, author: AuthorEntity): Promise<void> {
  return new Promise((resolve, reject) =>
    req.logIn(author, (error) => {
      if (error) return reject(error);
      req.session.loggedInAt = Date.now();
      resolve();
    }),
  );
}

export type AppAuthenticator = ReturnType<typeof createAuthenticator>;
