import { contract } from '@poetry/contract';
import { currentAuthorId, viewerId } from '../../http/current-author.js';
import { multipartFields, uploadedFile } from '../../http/multipart-fields.js';
import { COLLECTION_IMAGE } from '../../media/image-kinds.js';
import type { ModuleContext } from '../context.js';
import { toAuthor } from '../shared/author-view.js';
import { toPoem } from '../shared/poem-view.js';
import { type CollectionRow, toCollection } from './collection-read-model.js';
import type { FollowerRow } from './follower-queries.js';
import type { MembershipRow } from './membership-queries.js';
import { createOwnerService } from './owner-service.js';
import { createReaderService } from './reader-service.js';

const MB = 1024 * 1024;

/** `PUT /api/me/collection/:id` in multipart: text fields, up to 20 `tags` parts, and an `image`. */
const UPDATE_PARTS = {
  files: ['image'],
  fileBytes: 5 * MB,
  fields: 40,
  fieldBytes: 16 * 1024,
  fieldNameBytes: 100,
};

type Page<Row> = { items: Row[]; nextCursor: string | null };

const ok = <Body>(body: Body) => ({ status: 200 as const, body });

/** The response bodies of the module. */
function views(publicUrl: string) {
  /** Through a collection they own, the caller sees `is_hidden` on each poem. */
  const poem = (row: MembershipRow, viewerOwns: boolean) =>
    toPoem(row, publicUrl, viewerOwns ? { isHidden: row.isHidden } : undefined);
  return {
    collection: (row: CollectionRow) => ({ collection: toCollection(row, publicUrl) }),
    collections: (page: Page<CollectionRow>) => ({
      collections: page.items.map((row) => toCollection(row, publicUrl)),
      next_cursor: page.nextCursor,
    }),
    poem: (row: MembershipRow, viewerOwns: boolean) => ({ poem: poem(row, viewerOwns) }),
    poems: (page: Page<MembershipRow> & { viewerOwns: boolean }) => ({
      poems: page.items.map((row) => poem(row, page.viewerOwns)),
      next_cursor: page.nextCursor,
    }),
    authors: (page: Page<FollowerRow>) => ({
      authors: page.items.map((row) => toAuthor(row, publicUrl, { followsAuthor: row.followedByMe })),
      next_cursor: page.nextCursor,
    }),
  };
}

/** `/api/collection/...`: any collection the caller may see (login required). */
export function collectionRoutes(ctx: ModuleContext) {
  const service = createReaderService(ctx);
  const view = views(ctx.config.publicUrl);
  return ctx.s.router(contract.collection, {
    lists: {
      get: async ({ params, query, req }) =>
        ok(view.collections(await service.namedList(currentAuthorId(req), params.listId, query))),
    },
    get: async ({ params, req }) =>
      ok(view.collection(await service.get(currentAuthorId(req), params.collectionId))),
    poems: {
      list: async ({ params, query, req }) =>
        ok(view.poems(await service.listPoems(currentAuthorId(req), params.collectionId, query))),
      get: async ({ params, req }) => {
        const found = await service.getPoem(currentAuthorId(req), params.collectionId, params.poemId);
        return ok(view.poem(found.row, found.viewerOwns));
      },
    },
    followers: {
      list: async ({ params, query, req }) =>
        ok(view.authors(await service.listFollowers(currentAuthorId(req), params.collectionId, query))),
      follow: async ({ params, req }) =>
        ok(view.collection(await service.follow(currentAuthorId(req), params.collectionId))),
      unfollow: async ({ params, req }) =>
        ok(view.collection(await service.unfollow(currentAuthorId(req), params.collectionId))),
    },
  });
}

/** `/api/me/collection/...`: the caller's own collections. */
export function meCollectionRoutes(ctx: ModuleContext) {
  const service = createOwnerService(ctx);
  const view = views(ctx.config.publicUrl);
  // Both published spellings of remove-poem-from-collection.
  const removePoem = async ({
    params,
    req,
  }: {
    params: { collectionId: string; poemId: string };
    req: Express.Request;
  }) =>
    ok(view.collection(await service.removePoem(currentAuthorId(req), params.collectionId, params.poemId)));

  return ctx.s.router(contract.me.collections, {
    create: async ({ body, req }) => ({
      status: 201,
      body: view.collection(await service.create(currentAuthorId(req), body)),
    }),
    list: async ({ query, req }) => ok(view.collections(await service.list(currentAuthorId(req), query))),
    update: {
      middleware: multipartFields(ctx.orm, UPDATE_PARTS),
      handler: async ({ params, body, req }) => {
        const ownerId = currentAuthorId(req);
        // Decoding an image is the costly part: only for the collection's owner.
        if (uploadedFile(req, 'image')) await service.assertOwns(ownerId, params.collectionId);
        const image = await ctx.uploads.take(req, ownerId, 'image', COLLECTION_IMAGE);
        return ok(view.collection(await service.update(ownerId, params.collectionId, body, image)));
      },
    },
    delete: async ({ params, req }) =>
      ok(view.collection(await service.delete(currentAuthorId(req), params.collectionId))),
    poems: {
      list: async ({ params, query, req }) =>
        ok(view.poems(await service.listPoems(currentAuthorId(req), params.collectionId, query))),
      add: async ({ params, body, req }) =>
        ok(
          view.collection(
            await service.addPoem(currentAuthorId(req), params.collectionId, params.poemId, body.is_hidden),
          ),
        ),
      remove: removePoem,
      removeAlias: removePoem,
    },
  });
}

/** `/api/author/:authorId/collection...`: an author's collections (no login needed). */
export function authorCollectionRoutes(ctx: ModuleContext) {
  const service = createReaderService(ctx);
  const view = views(ctx.config.publicUrl);
  return ctx.s.router(contract.author.collections, {
    list: async ({ params, query, req }) =>
      ok(view.collections(await service.listOfAuthor(viewerId(req), params.authorId, query))),
    get: async ({ params, req }) =>
      ok(view.collection(await service.getOfAuthor(viewerId(req), params.authorId, params.collectionId))),
  });
}
