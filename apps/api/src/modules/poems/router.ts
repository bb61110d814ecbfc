import { contract } from '@poetry/contract';
import { found } from '../../errors.js';
import { currentAuthorId, viewerId } from '../../http/current-author.js';
import type { ModuleContext } from '../context.js';
import { toAuthor } from '../shared/author-view.js';
import { type PoemRow, toPoem } from '../shared/poem-view.js';
import { resolveAuthorId } from '../shared/resolve-author.js';
import { createPoemQueries } from './poem-queries.js';
import { createPoemService } from './poem-service.js';

function poemsModule({ config, orm, pool }: ModuleContext) {
  const queries = createPoemQueries(pool);
  const service = createPoemService({ orm, pool });
  const poem = (row: PoemRow | undefined) => ({ poem: toPoem(found(row, 'Poem'), config.publicUrl) });
  const poemList = (page: { items: PoemRow[]; nextCursor: string | null }) => ({
    poems: page.items.map((row) => toPoem(row, config.publicUrl)),
    next_cursor: page.nextCursor,
  });
  return { queries, service, poem, poemList };
}

/** `/api/poem`: public reads, metrics and likes. */
export function poemRoutes(ctx: ModuleContext) {
  const { queries, service, poem, poemList } = poemsModule(ctx);
  return ctx.s.router(contract.poem, {
    search: async ({ query, req }) => ({
      status: 200,
      body: poemList(await queries.search(query, viewerId(req))),
    }),

    get: async ({ params, req }) => ({
      status: 200,
      body: poem(await queries.published(params.poemId, viewerId(req))),
    }),

    metrics: {
      increment: async ({ params, body, req }) => ({
        status: 200,
        body: poem(await queries.incrementMetric(params.poemId, body.metric, viewerId(req))),
      }),
    },

    likes: {
      list: async ({ params, query, req }) => {
        const viewer = viewerId(req);
        found(await queries.published(params.poemId, viewer), 'Poem');
        const page = await queries.likers(params.poemId, viewer, query);
        return {
          status: 200,
          body: {
            authors: page.items.map((row) =>
              toAuthor(row, ctx.config.publicUrl, { followsAuthor: row.followedByMe }),
            ),
            next_cursor: page.nextCursor,
          },
        };
      },
      like: async ({ params, req }) => {
        const me = currentAuthorId(req);
        await service.like(params.poemId, me);
        return { status: 200, body: poem(await queries.published(params.poemId, me)) };
      },
      unlike: async ({ params, req }) => {
        const me = currentAuthorId(req);
        await service.unlike(params.poemId, me);
        return { status: 200, body: poem(await queries.published(params.poemId, me)) };
      },
    },
  });
}

/** `/api/me/poem`: the caller's own poems in any state. */
export function mePoemRoutes(ctx: ModuleContext) {
  const { queries, service, poem, poemList } = poemsModule(ctx);
  const owned = (req: { user?: Express.User }, poemId: string) => queries.owned(poemId, currentAuthorId(req));
  return ctx.s.router(contract.me.poems, {
    create: async ({ req }) => {
      const id = await service.createDraft(currentAuthorId(req));
      return { status: 201, body: poem(await owned(req, id)) };
    },

    list: async ({ query, req }) => ({
      status: 200,
      body: poemList(await queries.listOwned(currentAuthorId(req), query)),
    }),

    get: async ({ params, req }) => ({ status: 200, body: poem(await owned(req, params.poemId)) }),

    update: async ({ params, body, req }) => {
      await service.update(params.poemId, currentAuthorId(req), body);
      return { status: 200, body: poem(await owned(req, params.poemId)) };
    },

    delete: async ({ params, req }) => {
      const before = poem(await owned(req, params.poemId));
      await service.delete(params.poemId, currentAuthorId(req));
      return { status: 200, body: before };
    },
  });
}

/** `/api/author/:authorId/poem`: an author's published poems. */
export function authorPoemRoutes(ctx: ModuleContext) {
  const { queries, poem, poemList } = poemsModule(ctx);
  return ctx.s.router(contract.author.poems, {
    list: async ({ params, query, req }) => {
      const authorId = await resolveAuthorId(ctx.pool, params.authorId);
      return { status: 200, body: poemList(await queries.listPublishedBy(authorId, viewerId(req), query)) };
    },
    get: async ({ params, req }) => {
      const authorId = await resolveAuthorId(ctx.pool, params.authorId);
      return { status: 200, body: poem(await queries.publishedBy(authorId, params.poemId, viewerId(req))) };
    },
  });
}

/** `/api/me/feed`. */
export function feedRoute(ctx: ModuleContext) {
  const { queries, poemList } = poemsModule(ctx);
  return ctx.s.route(contract.me.feed, async ({ query, req }) => ({
    status: 200,
    body: poemList(await queries.feed(currentAuthorId(req), query)),
  }));
}
