import type pg from 'pg';
import { decodeCursor, isUuid } from '../../db/keyset.js';
import {
  type KeyColumn,
  type Keyed,
  keyedPage,
  keyShape,
  keysetSql,
  queryParams,
} from '../../db/keyset-order.js';
import { COLLECTION_FROM, type CollectionRow, collectionColumns } from './collection-read-model.js';
import { type CollectionScope, collectionScopeSql } from './collection-scope.js';

export type Page = { limit: number; cursor?: string | undefined };

/** Which collections a list holds. */
export type CollectionFilter = { ownerId?: string; publicOnly: boolean; tag?: string };

/** The orders of collection lists, each served by an index on `collection`. */
const ORDERS = {
  newest: [{ sql: 'c.id', part: 'uuid' }],
  mostFollowed: [
    { sql: 'c.followers_count', part: 'int' },
    { sql: 'c.id', part: 'uuid' },
  ],
} as const satisfies Record<string, readonly KeyColumn[]>;

export type CollectionOrder = keyof typeof ORDERS;

/** One collection by id within `scope`, as the viewer sees it; undefined when there is none. */
export async function findCollection(
  pool: pg.Pool,
  viewerId: string | null,
  collectionId: string,
  scope: CollectionScope,
): Promise<CollectionRow | undefined> {
  if (!isUuid(collectionId)) return undefined;
  const { values, param } = queryParams();
  const viewer = param(viewerId);
  const { rows } = await pool.query<CollectionRow>(
    `SELECT ${collectionColumns(viewer)} ${COLLECTION_FROM}
     WHERE c.id = ${param(collectionId)}::uuid AND ${collectionScopeSql(scope, viewer, param)}`,
    values,
  );
  return rows[0];
}

/** A page of the collections `filter` selects, in `order`, as the viewer sees them. */
export async function listCollections(
  pool: pg.Pool,
  viewerId: string | null,
  filter: CollectionFilter,
  order: CollectionOrder,
  page: Page,
) {
  const { values, param } = queryParams();
  const viewer = param(viewerId);
  const columns = ORDERS[order];
  const keyset = keysetSql(columns, decodeCursor(page.cursor, keyShape(columns)), param);
  const where = [filter.publicOnly ? 'c.is_public' : 'TRUE', keyset.after];
  if (filter.ownerId !== undefined) where.push(`c.owner_id = ${param(filter.ownerId)}::uuid`);
  if (filter.tag !== undefined) where.push(`c.tags @> ARRAY[${param(filter.tag)}]::text[]`);
  const { rows } = await pool.query<Keyed<CollectionRow>>(
    `SELECT ${collectionColumns(viewer)}, ${keyset.keySelect} AS "pageKey" ${COLLECTION_FROM}
     WHERE ${where.join(' AND ')}
     ORDER BY ${keyset.orderBy} LIMIT ${param(page.limit + 1)}`,
    values,
  );
  return keyedPage(rows, page.limit);
}
