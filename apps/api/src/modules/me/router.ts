import { contract } from '@poetry/contract';
import type { initServer } from '@ts-rest/express';
import type { Config } from '../../config.js';
import type { MikroORM } from '../../db/orm.js';
import { validationFailed } from '../../errors.js';
import { currentAuthorId } from '../../http/current-author.js';
import type { ImageUploads } from '../../http/image-uploads.js';
import { multipartFields } from '../../http/multipart-fields.js';
import { endSession } from '../../http/session.js';
import { PROFILE_BANNER, PROFILE_PHOTO } from '../../media/image-kinds.js';
import { toPrivateAuthor } from '../shared/author-view.js';
import type { PhotoService } from './photo-service.js';
import type { MeService } from './service.js';

/** `POST /api/me/photo`: one or both photo files, no text parts (a few are let through to be refused by name). */
const PHOTO_PARTS = {
  files: ['profile_photo', 'profile_banner_photo'],
  fileBytes: 5 * 1024 * 1024,
  fields: 2,
  fieldBytes: 1024,
  fieldNameBytes: 100,
};

const noPhoto = () =>
  validationFailed(
    PHOTO_PARTS.files.map((path) => ({ path, message: 'Send this file part, the other one, or both' })),
  );

export function meRouter({
  s,
  meService,
  photoService,
  uploads,
  orm,
  config,
}: {
  s: ReturnType<typeof initServer>;
  meService: MeService;
  photoService: PhotoService;
  uploads: ImageUploads;
  orm: MikroORM;
  config: Config;
}) {
  const view = (author: Parameters<typeof toPrivateAuthor>[0]) => ({
    author: toPrivateAuthor(author, config.publicUrl),
  });

  return {
    uploadPhoto: s.route(contract.me.uploadPhoto, {
      middleware: multipartFields(orm, PHOTO_PARTS),
      handler: async ({ req }) => {
        const authorId = currentAuthorId(req);
        const profilePhoto = await uploads.take(req, authorId, 'profile_photo', PROFILE_PHOTO);
        const bannerPhoto = await uploads.take(req, authorId, 'profile_banner_photo', PROFILE_BANNER);
        if (!profilePhoto && !bannerPhoto) throw noPhoto();
        await photoService.upload(authorId, { profilePhoto, bannerPhoto });
        return { status: 200, body: view(await meService.get(authorId)) };
      },
    }),

    get: s.route(contract.me.get, async ({ req }) => ({
      status: 200,
      body: view(await meService.get(currentAuthorId(req))),
    })),

    update: s.route(contract.me.update, async ({ body, req }) => ({
      status: 200,
      body: view(await meService.update(currentAuthorId(req), body, req.sessionID)),
    })),

    delete: s.route(contract.me.delete, async ({ req, res }) => {
      const authorId = currentAuthorId(req);
      const author = await photoService.deletingFilesOf(authorId, () => meService.delete(authorId));
      await endSession(req, res, config);
      return { status: 200, body: view(author) };
    }),
  };
}
