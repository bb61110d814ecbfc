import { type CollectionPoemsQuery, contract, genreTag, PHOTO_UPLOAD } from '@poetry/contract';
import { found, notFound } from '../../errors.js';
import { currentAuthorId, viewerId } from '../../http/current-author.js';
import { multipartFields, uploadedFile } from '../../http/multipart-fields.js';
import { COLLECTION_IMAGE } from '../../media/image-kinds.js';
import { findAuthorId, resolveAuthorId } from '../common/author-ref.js';
import { idOf } from '../common/ids.js';
import { perViewer } from '../common/per-viewer.js';
import type { ModuleContext } from '../context.js';
import { createCollectionQueries, PUBLIC_ORDERS } from './queries.js';
import { createCollectionService } from './service.js';
import { collectionViews } from './view.js';

/** `PUT /api/me/collection/:id` in multipart: text fields, up to 20 `tags` parts, and an `image`. */
const UPDATE_PARTS = {
  files: ['image'],
  fileBytes: PHOTO_UPLOAD.maxBytes,
  fields: 40,
  fieldBytes: 16 * 1024,
  fieldNameBytes: 100,
};

const collectionIdOf = (params: { collectionId: string }) => idOf(params.collectionId, 'Collection');

/**
 * The named lists of public collections: `featured` (most followers), `new` (newest first) and
 * `genre:<tag>` (carrying the tag, most followers first).
 */
function namedList(listId: string) {
  if (listId === 'featured') return { order: PUBLIC_ORDERS.mostFollowed, tag: undefined };
  if (listId === 'new') return { order: PUBLIC_ORDERS.newest, tag: undefined };
  const tag = genreTag(listId);
  if (tag === undefined) throw notFound('List');
  return { order: PUBLIC_ORDERS.mostFollowed, tag };
}

/**
 * Every route that serves collections: `/api/collection/...` (any the caller may see; login
 * required), `/api/me/collection/...` (the caller's own), `/api/me/following/collection` (those
 * they follow) and `/api/author/:authorId/collection...` (an author's, no login needed).
 */
export function collectionRoutes(ctx: ModuleContext) {
  const { s, pool } = ctx;
  const queries = createCollectionQueries(pool);
  // An author's public collections, from the read replica for anonymous requests (`perViewer`).
  const reader = perViewer(ctx, (db) => ({ db, queries: createCollectionQueries(db) }));
  const service = createCollectionService(ctx);
  const view = collectionViews(ctx.config.publicUrl);

  /** The `author_id` filter of a poem list: undefined for none, null for an author nobody is. */
  const authorFilter = async (query: CollectionPoemsQuery) =>
    query.author_id === undefined ? undefined : ((await findAuthorId(pool, query.author_id)) ?? null);

  const collection = s.router(contract.collection, {
    lists: {
      get: async ({ params, query, req }) => {
        const { order, tag } = namedList(params.listId);
        return {
          status: 200,
          body: view.collections(await queries.listPublic(order, tag, currentAuthorId(req), query)),
        };
      },
    },
    get: async ({ params, req }) => ({
      status: 200,
      body: view.collection(await queries.visible(collectionIdOf(params), currentAuthorId(req))),
    }),
    poems: {
      list: async ({ params, query, req }) => {
        const me = currentAuthorId(req);
        const target = { collectionId: collectionIdOf(params), viewer: me, ownedOnly: false };
        const filter = { authorId: await authorFilter(query), tags: query.tags };
        return { status: 200, body: view.poems(await queries.poems(target, filter, query), me) };
      },
      get: async ({ params, req }) => {
        const me = currentAuthorId(req);
        const poemId = idOf(params.poemId, 'Poem');
        const target = { collectionId: collectionIdOf(params), viewer: me, ownedOnly: false };
        return { status: 200, body: view.poem(await queries.poems(target, { poemId }, { limit: 1 }), me) };
      },
    },
    followers: {
      list: async ({ params, query, req }) => ({
        status: 200,
        body: view.authors(await queries.followers(collectionIdOf(params), currentAuthorId(req), query)),
      }),
      follow: async ({ params, req }) => {
        const [collectionId, me] = [collectionIdOf(params), currentAuthorId(req)];
        await service.follow(me, collectionId);
        return { status: 200, body: view.collection(await queries.visible(collectionId, me)) };
      },
      unfollow: async ({ params, req }) => {
        const [collectionId, me] = [collectionIdOf(params), currentAuthorId(req)];
        await service.unfollow(me, collectionId);
        return { status: 200, body: view.collection(await queries.visible(collectionId, me)) };
      },
    },
  });

  // Both published spellings of remove-poem-from-collection.
  const removePoem = async ({
    params,
    req,
  }: {
    params: { collectionId: string; poemId: string };
    req: Express.Request;
  }) => {
    const [collectionId, me] = [collectionIdOf(params), currentAuthorId(req)];
    await service.removePoem(me, collectionId, params.poemId);
    return { status: 200 as const, body: view.collection(await queries.owned(collectionId, me)) };
  };

  const mine = s.router(contract.me.collections, {
    create: async ({ body, req }) => {
      const me = currentAuthorId(req);
      const collectionId = await service.create(me, body);
      return { status: 201, body: view.collection(await queries.owned(collectionId, me)) };
    },
    list: async ({ query, req }) => ({
      status: 200,
      body: view.collections(await queries.listOwned(currentAuthorId(req), query)),
    }),
    update: {
      middleware: multipartFields(ctx.orm, UPDATE_PARTS),
      handler: async ({ params, body, req }) => {
        const [collectionId, me] = [collectionIdOf(params), currentAuthorId(req)];
        // Decoding an image is the costly part: only for the collection's owner.
        if (uploadedFile(req, 'image')) await service.assertOwns(me, collectionId);
        const [image] = (await ctx.uploads.take(req, me, 'image', [COLLECTION_IMAGE])) ?? [];
        await service.update(me, collectionId, body, image);
        return { status: 200, body: view.collection(await queries.owned(collectionId, me)) };
      },
    },
    delete: async ({ params, req }) => {
      const [collectionId, me] = [collectionIdOf(params), currentAuthorId(req)];
      const before = view.collection(await queries.owned(collectionId, me));
      await service.delete(me, collectionId);
      return { status: 200, body: before };
    },
    removeImage: async ({ params, req }) => {
      const [collectionId, me] = [collectionIdOf(params), currentAuthorId(req)];
      await service.removeImage(me, collectionId);
      return { status: 200, body: view.collection(await queries.owned(collectionId, me)) };
    },
    poems: {
      list: async ({ params, query, req }) => {
        const me = currentAuthorId(req);
        const target = { collectionId: collectionIdOf(params), viewer: me, ownedOnly: true };
        return { status: 200, body: view.poems(await queries.poems(target, {}, query), me) };
      },
      add: async ({ params, body, req }) => {
        const [collectionId, me] = [collectionIdOf(params), currentAuthorId(req)];
        await service.addPoem(me, collectionId, params.poemId, body.is_hidden);
        return { status: 200, body: view.collection(await queries.owned(collectionId, me)) };
      },
      remove: removePoem,
      removeAlias: removePoem,
    },
  });

  const byAuthor = s.router(contract.author.collections, {
    list: async ({ params, query, req }) => {
      const { db, queries: reads } = reader(req);
      const ownerId = await resolveAuthorId(db, params.authorId);
      return {
        status: 200,
        body: view.collections(await reads.listPublicOf(ownerId, viewerId(req), query)),
      };
    },
    get: async ({ params, req }) => {
      const { db, queries: reads } = reader(req);
      const collectionId = collectionIdOf(params);
      const ownerId = found(await findAuthorId(db, params.authorId), 'Collection');
      return {
        status: 200,
        body: view.collection(await reads.visibleOf(ownerId, collectionId, viewerId(req))),
      };
    },
    poems: {
      list: async ({ params, query, req }) => {
        const { db, queries: reads } = reader(req);
        const collectionId = collectionIdOf(params);
        const ownerId = found(await findAuthorId(db, params.authorId), 'Collection');
        const target = { ownerId, collectionId, viewer: viewerId(req) };
        return { status: 200, body: view.publicPoems(await reads.publicPoems(target, query)) };
      },
    },
  });

  const followed = s.router(contract.me.following.collections, {
    list: async ({ query, req }) => ({
      status: 200,
      body: view.collections(await queries.followed(currentAuthorId(req), query)),
    }),
  });

  return {
    collection,
    me: { collections: mine, following: { collections: followed } },
    author: { collections: byAuthor },
  };
}
