import { contract, genreTag } from '@poetry/contract';
import { notFound } from '../../errors.js';
import { currentAuthorId, viewerId } from '../../http/current-author.js';
import { perViewer } from '../common/per-viewer.js';
import type { ModuleContext } from '../context.js';
import { createAuthorQueries, isAuthorListName } from './queries.js';
import { createAuthorService } from './service.js';
import { authorViews } from './view.js';

/**
 * Every route that serves authors as such: `/api/author/:authorId`, its followers, the named
 * lists (`featured`, `top`, `new`, `genre:<tag>`) and `/api/me/following`. Their poems and
 * collections are served by the poems and collections modules.
 */
export function authorRoutes(ctx: ModuleContext) {
  const { s, pool } = ctx;
  const queries = createAuthorQueries(pool);
  // The public reads, from the read replica for anonymous requests (`perViewer`).
  const reads = perViewer(ctx, createAuthorQueries);
  const service = createAuthorService(pool);
  const view = authorViews(ctx.config.publicUrl);

  return {
    me: {
      following: {
        list: s.route(contract.me.following.list, async ({ query, req }) => ({
          status: 200,
          body: view.authors(await queries.following(currentAuthorId(req), query)),
        })),
      },
    },
    author: {
      get: s.route(contract.author.get, async ({ params, req }) => ({
        status: 200,
        body: view.author(await reads(req).find(params.authorId, viewerId(req))),
      })),

      followers: s.router(contract.author.followers, {
        list: async ({ params, query, req }) => ({
          status: 200,
          body: view.authors(await reads(req).followers(params.authorId, viewerId(req), query)),
        }),
        follow: async ({ params, req }) => {
          const me = currentAuthorId(req);
          const followeeId = await service.follow(me, params.authorId);
          return { status: 200, body: view.author(await queries.find(followeeId, me)) };
        },
        unfollow: async ({ params, req }) => {
          const me = currentAuthorId(req);
          const followeeId = await service.unfollow(me, params.authorId);
          return { status: 200, body: view.author(await queries.find(followeeId, me)) };
        },
      }),

      lists: s.router(contract.author.lists, {
        // The tag is normalised as poems store it; one no poem could carry names no list.
        get: async ({ params: { listId }, query, req }) => {
          const tag = genreTag(listId);
          const viewer = viewerId(req);
          if (tag !== undefined)
            return { status: 200, body: view.authors(await reads(req).inGenre(tag, viewer, query)) };
          if (!isAuthorListName(listId)) throw notFound('List');
          return { status: 200, body: view.authors(await reads(req).everyone(listId, viewer, query)) };
        },
      }),
    },
  };
}
