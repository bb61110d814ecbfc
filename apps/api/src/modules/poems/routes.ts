import { contract } from '@poetry/contract';
import { found, notFound } from '../../errors.js';
import { currentAuthorId, viewerId } from '../../http/current-author.js';
import { markUnseenWrite } from '../../http/unseen-write.js';
import { cardTag, cardText } from '../../media/poem-card.js';
import { resolveAuthorId } from '../common/author-ref.js';
import { idOf, isUuid } from '../common/ids.js';
import { perViewer } from '../common/per-viewer.js';
import type { ModuleContext } from '../context.js';
import { createPoemQueries } from './queries.js';
import { createPoemService } from './service.js';
import { poemViews } from './view.js';

// Share keys are base64url: anything else names no poem, and never reaches the database.
const SHARE_KEY = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Every route that serves poems: `/api/poem` (public reads, share links, metrics, likes),
 * `/api/me/poem` (the caller's own, in any state), `/api/me/feed`, `/api/me/liked` and
 * `/api/author/:authorId/poem`.
 */
export function poemRoutes(ctx: ModuleContext) {
  const { s, pool } = ctx;
  const queries = createPoemQueries(pool);
  // The public reads, from the read replica for anonymous requests (`perViewer`).
  const reader = perViewer(ctx, (db) => ({ db, queries: createPoemQueries(db) }));
  const service = createPoemService(ctx);
  const view = poemViews(ctx.config.publicUrl);
  const poemIdOf = (params: { poemId: string }) => idOf(params.poemId, 'Poem');
  const shareKeyOf = ({ shareKey }: { shareKey: string }) => {
    if (!SHARE_KEY.test(shareKey)) throw notFound('Poem');
    return shareKey;
  };

  const poem = s.router(contract.poem, {
    // From the primary: a share link its author replaced must stop working at once, as it never
    // waits in a cache either.
    private: {
      get: async ({ params, req }) => ({
        status: 200,
        body: view.poem(await queries.shared(shareKeyOf(params), viewerId(req))),
      }),
    },

    search: async ({ query, req }) => ({
      status: 200,
      body: view.poems(await reader(req).queries.search(query, viewerId(req))),
    }),

    get: async ({ params, req }) => ({
      status: 200,
      body: view.poem(await reader(req).queries.published(poemIdOf(params), viewerId(req))),
    }),

    // Cached as the poem it shows is (`http/http-caching.ts`): an unpublished poem's card must go
    // with it. Its strong ETag names what it shows, and Express answers 304 to a matching
    // If-None-Match; a card asked for again is drawn once (`media/poem-cards.ts`).
    card: async ({ params, req, res }) => {
      const { poem: shown } = view.poem(await reader(req).queries.published(poemIdOf(params), null));
      const text = cardText({ title: shown.title, body: shown.body, author: shown.author });
      res.setHeader('ETag', cardTag(text));
      return { status: 200, body: await ctx.cards.card(text) };
    },

    around: async ({ params, query, req }) => {
      const collectionId = query.collection_id;
      const inCollection = collectionId !== undefined && isUuid(collectionId) ? collectionId : null;
      return {
        status: 200,
        body: view.around(await reader(req).queries.around(poemIdOf(params), inCollection, viewerId(req))),
      };
    },

    metrics: {
      increment: async ({ params, body, req }) => ({
        status: 200,
        body: view.poem(await service.incrementMetric(poemIdOf(params), body.metric, viewerId(req))),
      }),
    },

    likes: {
      list: async ({ params, query, req }) => {
        const poemId = poemIdOf(params);
        const [viewer, { queries: reads }] = [viewerId(req), reader(req)];
        found(await reads.published(poemId, viewer), 'Poem');
        return { status: 200, body: view.authors(await reads.likers(poemId, viewer, query)) };
      },
      like: async ({ params, req }) => {
        const [poemId, me] = [poemIdOf(params), currentAuthorId(req)];
        await service.like(poemId, me);
        return { status: 200, body: view.poem(await queries.published(poemId, me)) };
      },
      unlike: async ({ params, req }) => {
        const [poemId, me] = [poemIdOf(params), currentAuthorId(req)];
        await service.unlike(poemId, me);
        return { status: 200, body: view.poem(await queries.published(poemId, me)) };
      },
    },
  });

  const mine = s.router(contract.me.poems, {
    create: async ({ req, res }) => {
      const me = currentAuthorId(req);
      markUnseenWrite(res);
      return { status: 201, body: view.myPoem(await queries.owned(await service.createDraft(me), me)) };
    },

    list: async ({ query, req }) => ({
      status: 200,
      body: view.myPoems(await queries.listOwned(currentAuthorId(req), query)),
    }),

    get: async ({ params, req }) => ({
      status: 200,
      body: view.myPoem(await queries.owned(poemIdOf(params), currentAuthorId(req))),
    }),

    update: async ({ params, body, req, res }) => {
      const [poemId, me] = [poemIdOf(params), currentAuthorId(req)];
      await service.update(poemId, me, body);
      const answer = view.myPoem(await queries.owned(poemId, me));
      // Unpublished now, and its publication untouched: it was a draft before too.
      if (!answer.poem.is_published && body.is_published === undefined) markUnseenWrite(res);
      return { status: 200, body: answer };
    },

    delete: async ({ params, req }) => {
      const [poemId, me] = [poemIdOf(params), currentAuthorId(req)];
      const before = view.myPoem(await queries.owned(poemId, me));
      await service.delete(poemId, me);
      return { status: 200, body: before };
    },

    renewShareKey: async ({ params, req }) => {
      const [poemId, me] = [poemIdOf(params), currentAuthorId(req)];
      await service.renewShareKey(poemId, me);
      return { status: 200, body: view.myPoem(await queries.owned(poemId, me)) };
    },
  });

  const feed = s.route(contract.me.feed, async ({ query, req }) => ({
    status: 200,
    body: view.poems(await queries.feed(currentAuthorId(req), query)),
  }));

  const liked = s.router(contract.me.liked, {
    list: async ({ query, req }) => ({
      status: 200,
      body: view.poems(await queries.liked(currentAuthorId(req), query)),
    }),
  });

  const byAuthor = s.router(contract.author.poems, {
    list: async ({ params, query, req }) => {
      const { db, queries: reads } = reader(req);
      const authorId = await resolveAuthorId(db, params.authorId);
      return { status: 200, body: view.poems(await reads.listPublishedBy(authorId, viewerId(req), query)) };
    },
    get: async ({ params, req }) => {
      const { db, queries: reads } = reader(req);
      const authorId = await resolveAuthorId(db, params.authorId);
      return {
        status: 200,
        body: view.poem(await reads.publishedBy(authorId, poemIdOf(params), viewerId(req))),
      };
    },
  });

  return { poem, me: { poems: mine, feed, liked }, author: { poems: byAuthor } };
}
