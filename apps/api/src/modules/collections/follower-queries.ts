import type pg from 'pg';
import { decodeCursor, toPage } from '../../db/keyset.js';
import { type AuthorFields, authorColumns } from '../authors/author-view.js';
import { type KeyColumn, keyShape, keysetSql } from '../authors/keyset-order.js';
import { type Keyed, type Page, withoutKey } from './collection-queries.js';
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
        SELECT ${authorColumns('a')}, ${keyset.keySelect} AS "pageKey",
          EXISTS (SELECT 1 FROM author_follow af
            WHERE af.followee_id = a.id AND af.follower_id = ${viewer}::uuid) AS "followedByMe"
        FROM collection_follow f JOIN author a ON a.id = f.author_id
        WHERE f.collection_id = c.id AND ${keyset.after}
        ORDER BY ${keyset.orderBy} LIMIT ${param(page.limit + 1)}`;
    },
  );
  if (!result) return undefined;
  return toPage(result.rows, page.limit, (row) => row.pageKey, withoutKey<FollowerRow>);
}
