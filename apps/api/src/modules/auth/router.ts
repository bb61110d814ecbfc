import { contract } from '@poetry/contract';
import type { initServer } from '@ts-rest/express';
import type { Request, Response } from 'express';
import type { Config } from '../../config.js';
import { currentAuthorId } from '../../http/current-author.js';
import type { AttemptThrottle } from '../../http/rate-limiter.js';
import { endSession } from '../../http/session.js';
import { toPrivateAuthor } from '../shared/author-view.js';
import type { AppAuthenticator } from './authenticator.js';
import type { AuthService } from './service.js';

export function authRouter({
  s,
  authService,
  authenticator,
  throttles,
  config,
}: {
  s: ReturnType<typeof initServer>;
  authService: AuthService;
  authenticator: AppAuthenticator;
  throttles: {
    signup: AttemptThrottle;
    forgotPassword: AttemptThrottle;
    emailConfirmation: AttemptThrottle;
  };
  config: Config;
}) {
  const ipOf = (req: Request) => req.ip ?? 'unknown';

  /** Every auth route answers with the session's author after the call, or null. */
  async function sessionAuthor(req: Request) {
    const author = req.user ? await authService.findById(req.user.id) : null;
    return { author: author ? toPrivateAuthor(author, config.publicUrl) : null };
  }

  const logout = async ({ req, res }: { req: Request; res: Response }) => {
    await endSession(req, res, config);
    return { status: 200 as const, body: { author: null } };
  };

  return s.router(contract.auth, {
    signup: async ({ body, req }) => {
      await throttles.signup.consume({ ip: ipOf(req) });
      const author = await authService.signup(body);
      await authenticator.logInAs(req, author);
      return { status: 201, body: { author: toPrivateAuthor(author, config.publicUrl) } };
    },

    login: async ({ body, req, res }) => {
      // passport-local reads the credentials from req.body: give it the validated ones.
      req.body = body;
      const author = await authenticator.logIn(req, res);
      return { status: 200, body: { author: toPrivateAuthor(author, config.publicUrl) } };
    },

    logout,
    logoutPost: logout,

    // The same work and the same answer whether or not the address has an account.
    forgotPassword: async ({ body, req }) => {
      // Every request counts, whether or not an account has the address, so the answer tells nothing.
      await throttles.forgotPassword.consume({ ip: ipOf(req), account: body.email });
      await authService.requestPasswordReset(body.email);
      return { status: 200, body: await sessionAuthor(req) };
    },

    resetPassword: async ({ body, req, res }) => {
      const authorId = await authService.resetPassword(body.token, body.new_password);
      if (req.user?.id === authorId) {
        // Every session of the author has ended, this one too: it must not be saved again.
        await endSession(req, res, config);
        return { status: 200, body: { author: null } };
      }
      return { status: 200, body: await sessionAuthor(req) };
    },

    verifyEmail: async ({ body, req }) => {
      await authService.verifyEmail(body.token);
      return { status: 200, body: await sessionAuthor(req) };
    },

    requestEmailConfirmation: async ({ req }) => {
      const authorId = currentAuthorId(req);
      await throttles.emailConfirmation.consume({ ip: ipOf(req), account: authorId });
      await authService.requestEmailConfirmation(authorId);
      return { status: 200, body: await sessionAuthor(req) };
    },
  });
}
