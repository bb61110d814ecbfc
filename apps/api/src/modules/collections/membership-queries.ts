import type pg from 'pg';
import { decodeCursor } from '../../db/keyset.js';
import { type KeyColumn, type Keyed, keyedPage, keyShape, keysetSql } from '../../db/keyset-order.js';
import { type PoemRow, poemSelect } from '../shared/poem-view.js';
import { authorIdSql } from './author-ref.js';
import type { Page } from './collection-queries.js';
import { poemVisibleIn } from './collection-read-model.js';
import type { CollectionScope } from './collection-scope.js';
import { queryWithinCollection } from './within-collection.js';

/** A poem listed through a collection, with its membership. */
export type MembershipRow = PoemRow & { isHidden: boolean };

export type MembershipFilter = {
  /** an author id or username; an unknown author matches nothing */
  authorRef?: string | undefined;
  /** the poem must carry all of them */
  tags?: string[] | undefined;
  /** checked to be a UUID */
  poemId?: string | undefined;
};

// Newest membership first; served by collection_poem_collection_id_added_at_index.
const MEMBERSHIP_ORDER: readonly KeyColumn[] = [
  { sql: 'cp.added_at', part: 'timestamp' },
  { sql: 'cp.poem_id', part: 'uuid' },
];

/**
 * A page of the poems the viewer sees in the collection; undefined when the collection is not in
 * `scope`. `viewerOwns` says whether they see it as its owner.
 */
export async function listMemberships(
  pool: pg.Pool,
  target: { collectionId: string; scope: CollectionScope; viewerId: string },
  filter: MembershipFilter,
  page: Page,
) {
  const result = await queryWithinCollection<Keyed<MembershipRow>>(pool, target, (viewer, param) => {
    const keyset = keysetSql(MEMBERSHIP_ORDER, decodeCursor(page.cursor, keyShape(MEMBERSHIP_ORDER)), param);
    const poemWhere = ['p.id = cp.poem_id', poemVisibleIn(viewer)];
    if (filter.authorRef !== undefined) {
      poemWhere.push(`p.author_id = ${authorIdSql(filter.authorRef, param)}`);
    }
    if (filter.tags?.length) poemWhere.push(`p.tags @> ${param(filter.tags)}::text[]`);
    const where = ['cp.collection_id = c.id', keyset.after];
    if (filter.poemId !== undefined) where.push(`cp.poem_id = ${param(filter.poemId)}::uuid`);
    return `
      SELECT pr.*, cp.is_hidden AS "isHidden", ${keyset.keySelect} AS "pageKey"
      FROM collection_poem cp
      CROSS JOIN LATERAL (${poemSelect(viewer)} WHERE ${poemWhere.join(' AND ')}) pr
      WHERE ${where.join(' AND ')}
      ORDER BY ${keyset.orderBy} LIMIT ${param(page.limit + 1)}`;
  });
  if (!result) return undefined;
  return {
    viewerOwns: result.ownerId === target.viewerId,
    ...keyedPage(result.rows, page.limit),
  };
}
