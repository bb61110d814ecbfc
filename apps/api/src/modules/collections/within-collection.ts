import type pg from 'pg';
import { isUuid } from '../../db/keyset.js';
import { queryParams } from '../../db/keyset-order.js';
import { type CollectionScope, collectionScopeSql } from './collection-scope.js';

/**
 * Runs, in one query, a list over the collection `collectionId` when that collection is in
 * `scope` for the viewer. `inner` builds the list's subquery, which refers to the collection as
 * `c` (`c.id`, `c.owner_id`) and to the viewer id as `viewerParam`. Answers undefined when the
 * collection is not in scope, so that an empty list and a missing collection stay apart.
 */
export async function queryWithinCollection<Row extends { id: string | null }>(
  pool: pg.Pool,
  target: { collectionId: string; scope: CollectionScope; viewerId: string | null },
  inner: (viewerParam: string, param: (value: unknown) => string) => string,
): Promise<{ ownerId: string; rows: Row[] } | undefined> {
  if (!isUuid(target.collectionId)) return undefined;
  const { values, param } = queryParams();
  const viewer = param(target.viewerId);
  const innerSql = inner(viewer, param);
  const { rows } = await pool.query<Row & { collectionOwnerId: string }>(
    `WITH target AS (
       SELECT c.id, c.owner_id FROM collection c
       WHERE c.id = ${param(target.collectionId)}::uuid AND ${collectionScopeSql(target.scope, viewer, param)}
     )
     SELECT c.owner_id AS "collectionOwnerId", m.* FROM target c LEFT JOIN LATERAL (${innerSql}) m ON TRUE`,
    values,
  );
  const first = rows[0];
  if (!first) return undefined;
  // A collection in scope with an empty list still yields one row, of NULLs from `inner`.
  return { ownerId: first.collectionOwnerId, rows: rows.filter((row) => row.id !== null) };
}
