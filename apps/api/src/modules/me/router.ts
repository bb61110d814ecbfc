import { contract } from '@poetry/contract';
import type { initServer } from '@ts-rest/express';
import type { Config } from '../../config.js';
import { currentAuthorId } from '../../http/current-author.js';
import { notYetBuiltRoutes } from '../../http/not-yet-built.js';
import { endSession } from '../../http/session.js';
import { toPrivateAuthor } from '../authors/author-view.js';
import type { MeService } from './service.js';

export function meRouter({
  s,
  meService,
  config,
}: {
  s: ReturnType<typeof initServer>;
  meService: MeService;
  config: Config;
}) {
  const view = (author: Parameters<typeof toPrivateAuthor>[0]) => ({
    author: toPrivateAuthor(author, config.publicUrl),
  });

  const { uploadPhoto } = notYetBuiltRoutes(contract.me);
  return {
    uploadPhoto,

    get: s.route(contract.me.get, async ({ req }) => ({
      status: 200,
      body: view(await meService.get(currentAuthorId(req))),
    })),

    update: s.route(contract.me.update, async ({ body, req }) => ({
      status: 200,
      body: view(await meService.update(currentAuthorId(req), body, req.sessionID)),
    })),

    delete: s.route(contract.me.delete, async ({ req, res }) => {
      const author = await meService.delete(currentAuthorId(req));
      await endSession(req, res, config);
      return { status: 200, body: view(author) };
    }),
  };
}
