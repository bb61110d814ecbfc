import { contract, PHOTO_UPLOAD, PhotoPart } from '@poetry/contract';
import express, { type Request, type Response } from 'express';
import { notFound, validationFailed } from '../../errors.js';
import { currentAuthorId } from '../../http/current-author.js';
import { multipartFields } from '../../http/multipart-fields.js';
import { attemptThrottle } from '../../http/rate-limiter.js';
import { endSession } from '../../http/session.js';
import { PROFILE_BANNER, PROFILE_PHOTO, SHARE_IMAGE } from '../../media/image-kinds.js';
import type { ModuleContext } from '../context.js';
import { createLoginService } from './login.service.js';
import { createPhotoService } from './photos.service.js';
import { createAccountQueries } from './queries.js';
import { createAccountService } from './service.js';
import { accountViews } from './view.js';

/** `POST /api/me/photo`: one or both photo files, no text parts (a few are let through to be refused by name). */
const PHOTO_PARTS = {
  files: ['profile_photo', 'profile_banner_photo'],
  fileBytes: PHOTO_UPLOAD.maxBytes,
  fields: 2,
  fieldBytes: 1024,
  fieldNameBytes: 100,
};

const noPhoto = () =>
  validationFailed(
    PHOTO_PARTS.files.map((path) => ({
      path,
      code: 'required',
      message: 'Send this file part, the other one, or both',
    })),
  );

const ipOf = (req: Request) => req.ip ?? 'unknown';

/**
 * Every route of the caller's account: `/api/auth` (signup, login, logout, password reset, email
 * verification), `/api/me` itself (the author's own record, their photos, deleting them) and
 * `/api/mail` (the one-click unsubscribe of the mails the account gets).
 */
export function accountRoutes(ctx: ModuleContext) {
  const { s, config, orm, pool, uploads } = ctx;
  const queries = createAccountQueries(pool);
  const service = createAccountService(ctx);
  const login = createLoginService(ctx, service);
  const photos = createPhotoService(ctx);
  const view = accountViews(config.publicUrl);
  const throttles = {
    signup: attemptThrottle(pool, 'signup', config.signupThrottle),
    forgotPassword: attemptThrottle(pool, 'forgot-password', config.mailRequestThrottle),
    emailConfirmation: attemptThrottle(pool, 'email-confirmation', config.mailRequestThrottle),
  };

  /** Every auth route answers with the session's author after the call, or null. */
  const sessionAuthor = async (req: Request) =>
    view.sessionAuthor(req.user ? await queries.privateAuthor(req.user.id) : undefined);

  const logout = async ({ req, res }: { req: Request; res: Response }) => {
    await endSession(req, res, config);
    return { status: 200 as const, body: { author: null } };
  };

  const auth = s.router(contract.auth, {
    signup: async ({ body, req }) => {
      await throttles.signup.consume({ ip: ipOf(req) });
      const authorId = await service.signup(body);
      await login.logInAs(req, { id: authorId });
      return { status: 201, body: view.author(await queries.privateAuthor(authorId)) };
    },

    login: async ({ body, req, res }) => {
      // passport-local reads the credentials from req.body: give it the validated ones.
      req.body = body;
      const author = await login.logIn(req, res);
      return { status: 200, body: view.author(await queries.privateAuthor(author.id)) };
    },

    logout,
    logoutPost: logout,

    // The same work and the same answer whether or not the address has an account.
    forgotPassword: async ({ body, req }) => {
      // Every request counts, whether or not an account has the address, so the answer tells nothing.
      await throttles.forgotPassword.consume({ ip: ipOf(req), account: body.email });
      await service.requestPasswordReset(body.email);
      return { status: 200, body: await sessionAuthor(req) };
    },

    resetPassword: async ({ body, req, res }) => {
      const authorId = await service.resetPassword(body.token, body.new_password);
      if (req.user?.id === authorId) {
        // Every session of the author has ended, this one too: it must not be saved again.
        await endSession(req, res, config);
        return { status: 200, body: { author: null } };
      }
      return { status: 200, body: await sessionAuthor(req) };
    },

    verifyEmail: async ({ body, req }) => {
      await service.verifyEmail(body.token);
      return { status: 200, body: await sessionAuthor(req) };
    },

    requestEmailConfirmation: async ({ req }) => {
      const authorId = currentAuthorId(req);
      await throttles.emailConfirmation.consume({ ip: ipOf(req), account: authorId });
      await service.requestEmailConfirmation(authorId);
      return { status: 200, body: await sessionAuthor(req) };
    },
  });

  const me = {
    get: s.route(contract.me.get, async ({ req }) => ({
      status: 200,
      body: view.author(await queries.privateAuthor(currentAuthorId(req))),
    })),

    update: s.route(contract.me.update, async ({ body, req }) => {
      const authorId = currentAuthorId(req);
      await service.update(authorId, body, req.sessionID);
      return { status: 200, body: view.author(await queries.privateAuthor(authorId)) };
    }),

    delete: s.route(contract.me.delete, async ({ req, res }) => {
      const authorId = currentAuthorId(req);
      // The answer is the author as they were: read before they are gone.
      const body = view.author(await queries.privateAuthor(authorId));
      await photos.deletingFilesOf(authorId, () => service.delete(authorId));
      await endSession(req, res, config);
      return { status: 200, body };
    }),

    uploadPhoto: s.route(contract.me.uploadPhoto, {
      middleware: multipartFields(orm, PHOTO_PARTS),
      handler: async ({ req }) => {
        const authorId = currentAuthorId(req);
        const [profilePhoto] = (await uploads.take(req, authorId, 'profile_photo', [PROFILE_PHOTO])) ?? [];
        const banner = await uploads.take(req, authorId, 'profile_banner_photo', [
          PROFILE_BANNER,
          SHARE_IMAGE,
        ]);
        if (!profilePhoto && !banner) throw noPhoto();
        await photos.upload(authorId, {
          profilePhoto,
          banner: banner && { photo: banner[0], shareImage: banner[1] },
        });
        return { status: 200, body: view.author(await queries.privateAuthor(authorId)) };
      },
    }),

    removePhoto: s.route(contract.me.removePhoto, async ({ params, req }) => {
      const authorId = currentAuthorId(req);
      // A path that names no photo names nothing: 404, like a malformed id.
      const part = PhotoPart.safeParse(params.part);
      if (!part.success) throw notFound('Photo');
      await photos.remove(authorId, part.data);
      return { status: 200, body: view.author(await queries.privateAuthor(authorId)) };
    }),
  };

  const mail = s.router(contract.mail, {
    unsubscribe: {
      // The one form body of the API, parsed on this route alone: a few bytes, one field.
      middleware: [express.urlencoded({ extended: false, limit: 256, parameterLimit: 2 })],
      handler: async ({ query }) => ({
        status: 200,
        body: { new_poem_mail: await service.unsubscribeFromNewPoems(query.token) },
      }),
    },
  });

  return { auth, me, mail };
}
