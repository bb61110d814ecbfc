import { contract } from '@poetry/contract';
import type { initServer } from '@ts-rest/express';
import type { Config } from '../../config.js';
import { notYetBuiltRoutes } from '../../http/not-yet-built.js';
import { endSession } from '../../http/session.js';
import { toPrivateAuthor } from '../authors/author-view.js';
import type { AppAuthenticator } from './authenticator.js';
import type { AuthService } from './service.js';

export function authRouter({
  s,
  authService,
  authenticator,
  config,
}: {
  s: ReturnType<typeof initServer>;
  authService: AuthService;
  authenticator: AppAuthenticator;
  config: Config;
}) {
  const logout = async ({
    req,
    res,
  }: {
    req: Parameters<typeof endSession>[0];
    res: Parameters<typeof endSession>[1];
  }) => {
    await endSession(req, res, config);
    return { status: 200 as const, body: { author: null } };
  };

  return s.router(contract.auth, {
    ...notYetBuiltRoutes(contract.auth),

    signup: async ({ body, req }) => {
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
  });
}
