import type pg from 'pg';
import { decodeCursor } from '../../db/keyset.js';
import { type KeyColumn, type Keyed, keyedPage, keyShape, keysetSql } from '../../db/keyset-order.js';
import { type AuthorFields, authorColumnsFor } from '../shared/author-view.js';
import type { Page } from './collection-queries.js';
import { VISIBLE } from './collection-scope.js';
import { queryWithinCollection } from './within-collection.js';

/** A follower; `followedByMe`: whether the viewer follows that author. */
export type FollowerRow = AuthorFields & { followedByMe: boolean };

// Most recent follow first; served by collection_follow_collection_id_created_at_index.
const FOLLOW_ORDER: readonly KeyColumn[] = [
  { sql: 'f.created_at', part: 'timestamp' },
  { sql: 'f.author_id', part: 'uuid' },
];

/** A page of the authors following the collection; undefined when the viewer may not see it. */
export async function listFollowers(pool: pg.Pool, viewerId: string, collectionId: string, page: Page) {
  const result = await queryWithinCollection<Keyed<FollowerRow>>(
    pool,
    { collectionId, scope: VISIBLE, viewerId },
    (viewer, param) => {
      const keyset = keysetSql(FOLLOW_ORDER, decodeCursor(page.cursor, keyShape(FOLLOW_ORDER)), param);
      return `
        SELECT ${authorColumnsFor('a', viewer)}, ${keyset.keySelect} AS "pageKey"
        FROM collection_follow f JOIN author a ON a.id = f.author_id
        WHERE f.collection_id = c.id AND ${keyset.after}
        ORDER BY ${keyset.orderBy} LIMIT ${param(page.limit + 1)}`;
    },
  );
  if (!result) return undefined;
  return keyedPage(result.rows, page.limit);
}
