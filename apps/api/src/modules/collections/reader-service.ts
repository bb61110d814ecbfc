import type { CollectionPoemsQuery } from '@poetry/contract';
import { isUuid } from '../../db/keyset.js';
import { notFound } from '../../errors.js';
import type { ModuleContext } from '../context.js';
import { resolveAuthorId } from '../shared/resolve-author.js';
import { listCollections, type Page } from './collection-queries.js';
import { VISIBLE } from './collection-scope.js';
import { listFollowers } from './follower-queries.js';
import { createLookups, poemIdOf } from './lookups.js';
import { namedList } from './named-lists.js';

/**
 * The rules of reading and following collections: a public one, or one of the viewer's own. Any
 * other is 404, and following it changes nothing.
 */
export function createReaderService({ pool }: Pick<ModuleContext, 'pool'>) {
  const lookups = createLookups(pool);
  const visible = (viewerId: string, collectionId: string) =>
    lookups.collection(viewerId, collectionId, VISIBLE);

  function collectionIdOf(id: string): string {
    if (!isUuid(id)) throw notFound('Collection');
    return id;
  }

  return {
    get: visible,

    listPoems: (viewerId: string, collectionId: string, query: CollectionPoemsQuery) =>
      lookups.memberships(
        { collectionId, scope: VISIBLE, viewerId },
        { authorRef: query.author_id, tags: query.tags },
        query,
      ),

    async getPoem(viewerId: string, collectionId: string, poemId: string) {
      const { viewerOwns, items } = await lookups.memberships(
        { collectionId, scope: VISIBLE, viewerId },
        { poemId: poemIdOf(poemId) },
        { limit: 1 },
      );
      const row = items[0];
      if (!row) throw notFound('Poem');
      return { viewerOwns, row };
    },

    async listFollowers(viewerId: string, collectionId: string, page: Page) {
      const result = await listFollowers(pool, viewerId, collectionId, page);
      if (!result) throw notFound('Collection');
      return result;
    },

    /** Idempotent, also under concurrency: the primary key keeps one follow per author. */
    async follow(viewerId: string, collectionId: string) {
      await pool.query(
        `INSERT INTO collection_follow (author_id, collection_id)
          SELECT $1, c.id FROM collection c WHERE c.id = $2 AND (c.is_public OR c.owner_id = $1)
          ON CONFLICT DO NOTHING`,
        [viewerId, collectionIdOf(collectionId)],
      );
      return visible(viewerId, collectionId);
    },

    /** Idempotent. A collection the caller may not see keeps their follow (it is 404 to them). */
    async unfollow(viewerId: string, collectionId: string) {
      await pool.query(
        `DELETE FROM collection_follow f USING collection c
          WHERE f.author_id = $1 AND f.collection_id = c.id AND c.id = $2 AND (c.is_public OR c.owner_id = $1)`,
        [viewerId, collectionIdOf(collectionId)],
      );
      return visible(viewerId, collectionId);
    },

    async namedList(viewerId: string, listId: string, page: Page) {
      const list = namedList(listId);
      if (!list) throw notFound('List');
      return listCollections(pool, viewerId, list.filter, list.order, page);
    },

    /** An author's public collections, whoever asks; an unknown author is 404. */
    async listOfAuthor(viewerId: string | null, authorRef: string, page: Page) {
      const ownerId = await resolveAuthorId(pool, authorRef);
      return listCollections(pool, viewerId, { ownerId, publicOnly: true }, 'newest', page);
    },

    getOfAuthor: (viewerId: string | null, authorRef: string, collectionId: string) =>
      lookups.collection(viewerId, collectionId, { kind: 'visibleOf', authorRef }),
  };
}
