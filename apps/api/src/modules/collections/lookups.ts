import type pg from 'pg';
import { isUuid } from '../../db/keyset.js';
import { notFound } from '../../errors.js';
import { findCollection, type Page } from './collection-queries.js';
import type { CollectionRow } from './collection-read-model.js';
import type { CollectionScope } from './collection-scope.js';
import { listMemberships, type MembershipFilter } from './membership-queries.js';

/** The reads both services answer with, 404 when the collection is not in scope. */
export function createLookups(pool: pg.Pool) {
  return {
    async collection(
      viewerId: string | null,
      collectionId: string,
      scope: CollectionScope,
    ): Promise<CollectionRow> {
      const row = await findCollection(pool, viewerId, collectionId, scope);
      if (!row) throw notFound('Collection');
      return row;
    },

    async memberships(
      target: { collectionId: string; scope: CollectionScope; viewerId: string },
      filter: MembershipFilter,
      page: Page,
    ) {
      const result = await listMemberships(pool, target, filter, page);
      if (!result) throw notFound('Collection');
      return result;
    },
  };
}

/** A poem id from a path, checked before it reaches a uuid parameter; malformed is 404. */
export function poemIdOf(id: string): string {
  if (!isUuid(id)) throw notFound('Poem');
  return id;
}
