import { contract } from '@poetry/contract';
import { currentAuthorId, viewerId } from '../../http/current-author.js';
import type { ModuleContext } from '../context.js';
import type { AuthorRow } from '../shared/author-view.js';
import { toAuthor } from '../shared/author-view.js';
import { createAuthorService } from './service.js';

/** The author group without its poems and collections (those live with their modules). */
export function authorRoutes({ s, config, pool }: ModuleContext) {
  const service = createAuthorService({ pool });
  const author = (row: AuthorRow) => toAuthor(row, config.publicUrl, { followsAuthor: row.followedByMe });
  const authorList = (page: { items: AuthorRow[]; nextCursor: string | null }) => ({
    authors: page.items.map(author),
    next_cursor: page.nextCursor,
  });

  return {
    get: s.route(contract.author.get, async ({ params, req }) => ({
      status: 200,
      body: { author: author(await service.get(params.authorId, viewerId(req))) },
    })),

    followers: s.router(contract.author.followers, {
      list: async ({ params, query, req }) => ({
        status: 200,
        body: authorList(await service.followers(params.authorId, viewerId(req), query)),
      }),
      follow: async ({ params, req }) => ({
        status: 200,
        body: { author: author(await service.follow(currentAuthorId(req), params.authorId)) },
      }),
      unfollow: async ({ params, req }) => ({
        status: 200,
        body: { author: author(await service.unfollow(currentAuthorId(req), params.authorId)) },
      }),
    }),

    lists: s.router(contract.author.lists, {
      get: async ({ params, query, req }) => ({
        status: 200,
        body: authorList(await service.list(params.listId, viewerId(req), query)),
      }),
    }),
  };
}
