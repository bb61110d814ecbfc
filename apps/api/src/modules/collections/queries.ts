import type { PageQuery, PublicCollectionPoemsQuery } from '@poetry/contract';
import type { Queryable } from '../../db/queryable.js';
import { type AuthorRow, authorColumnsFor, authorSummaryJson } from '../common/author-view.js';
import type { Cursor } from '../common/keyset.js';
import { type KeyColumn, type Keyed, keyedPage, keysetAfter, queryParams } from '../common/keyset-order.js';
import { type PoemRow, poemColumns } from '../common/poem-view.js';
import { shownPublicly } from '../common/public-membership.js';
import type { CollectionRow, MembershipRow } from './view.js';

// Ids are UUID v7: newest first. Each order is served by an index on `collection`.
const NEWEST: readonly KeyColumn[] = [{ sql: 'c.id', part: 'uuid' }];
const MOST_FOLLOWED: readonly KeyColumn[] = [
  { sql: 'c.followers_count', part: 'int' },
  { sql: 'c.id', part: 'uuid' },
];
// Newest membership first; served by collection_poem_collection_id_added_at_index.
const LATEST_ADDED: readonly KeyColumn[] = [
  { sql: 'cp.added_at', part: 'timestamp' },
  { sql: 'cp.poem_id', part: 'uuid' },
];
// Newest published first, of the memberships `shownPublicly`; served by collection_poem_published_index.
const LATEST_PUBLISHED: readonly KeyColumn[] = [
  { sql: 'cp.poem_published_at', part: 'timestamp' },
  { sql: 'cp.poem_id', part: 'uuid' },
];
// Most recent follow first; served by collection_follow_collection_id_created_at_index.
const LATEST_FOLLOW: readonly KeyColumn[] = [
  { sql: 'f.created_at', part: 'timestamp' },
  { sql: 'f.author_id', part: 'uuid' },
];
// The collections one author follows, most recent follow first; served by
// collection_follow_author_id_created_at_index.
const LATEST_FOLLOWED: readonly KeyColumn[] = [
  { sql: 'f.created_at', part: 'timestamp' },
  { sql: 'f.collection_id', part: 'uuid' },
];

/** The orders of the named lists of public collections. */
export const PUBLIC_ORDERS = { mostFollowed: MOST_FOLLOWED, newest: NEWEST };

/** SQL predicate: the collection `c` is one the viewer in `viewer` may see: public, or their own. */
const visibleTo = (viewer: string) => `(c.is_public OR c.owner_id = ${viewer}::uuid)`;

/** SQL predicate: the collection `c` is the viewer's own. */
const ownedBy = (viewer: string) => `c.owner_id = ${viewer}::uuid`;

/**
 * SQL predicate: the viewer sees poem `p` through its membership `cp` in collection `c`. The owner
 * sees their own poems in any state and other authors' published poems, hidden ones included;
 * everyone else sees published poems in memberships that are not hidden.
 */
const poemVisibleIn = (viewer: string) => `
  CASE WHEN c.owner_id = ${viewer}::uuid THEN p.author_id = c.owner_id OR p.is_published
    ELSE p.is_published AND NOT cp.is_hidden END`;

/**
 * SQL: the select list of `CollectionRow` from `collection c JOIN author o`, with the number of
 * poems the viewer in `viewer` sees in it and whether they follow it.
 */
const collectionColumns = (viewer: string) => `
  c.id, c.title, c.description, c.tags, c.is_public AS "isPublic", c.image_key AS "imageKey",
  c.followers_count AS "followersCount", c.created_at AS "createdAt", c.updated_at AS "updatedAt",
  ${authorSummaryJson('o')} AS owner,
  (SELECT count(*)::int FROM collection_poem cp JOIN poem p ON p.id = cp.poem_id
    WHERE cp.collection_id = c.id AND ${poemVisibleIn(viewer)}) AS "poemsCount",
  EXISTS (SELECT 1 FROM collection_follow f
    WHERE f.collection_id = c.id AND f.author_id = ${viewer}::uuid) AS "followedByMe"`;

type Viewer = string | null;

/**
 * The reads of collections: one statement per answer. Ids are checked UUIDs. A list within a
 * collection answers undefined when the collection is not one the viewer may list it in, so
 * that an empty list and a missing collection stay apart.
 */
export function createCollectionQueries(db: Queryable) {
  async function one(sql: string, values: unknown[]): Promise<CollectionRow | undefined> {
    const { rows } = await db.query<CollectionRow>(sql, values);
    return rows[0];
  }

  async function page(sql: string, values: unknown[], limit: number, at: Cursor | undefined) {
    const { rows } = await db.query<Keyed<CollectionRow>>(sql, values);
    return keyedPage(rows, limit, at);
  }

  /**
   * A page of a list within one collection, run as `WITH target` (the collection, when the viewer
   * may list it; one row or none) `LEFT JOIN LATERAL` the list: a target with an empty list still
   * yields one row, of NULLs from the list. Undefined when there is no target.
   */
  async function within<Row extends { id: string | null }>(
    sql: string,
    values: unknown[],
    limit: number,
    at: Cursor | undefined,
  ) {
    const { rows } = await db.query<Keyed<Row> & { collectionOwnerId: string }>(sql, values);
    const first = rows[0];
    if (!first) return undefined;
    const items = rows.filter((row) => row.id !== null);
    return { ownerId: first.collectionOwnerId, ...keyedPage(items, limit, at) };
  }

  return {
    /** A collection the viewer may see. */
    visible: (collectionId: string, viewer: Viewer) =>
      one(
        `SELECT ${collectionColumns('$1')} FROM collection c JOIN author o ON o.id = c.owner_id
         WHERE c.id = $2 AND ${visibleTo('$1')}`,
        [viewer, collectionId],
      ),

    /** One of the owner's collections. */
    owned: (collectionId: string, ownerId: string) =>
      one(
        `SELECT ${collectionColumns('$1')} FROM collection c JOIN author o ON o.id = c.owner_id
         WHERE c.id = $2 AND ${ownedBy('$1')}`,
        [ownerId, collectionId],
      ),

    /** A collection of the author `ownerId` that the viewer may see. */
    visibleOf: (ownerId: string, collectionId: string, viewer: Viewer) =>
      one(
        `SELECT ${collectionColumns('$1')} FROM collection c JOIN author o ON o.id = c.owner_id
         WHERE c.id = $2 AND c.owner_id = $3 AND ${visibleTo('$1')}`,
        [viewer, collectionId, ownerId],
      ),

    /** A page of the owner's collections, newest first. */
    listOwned(ownerId: string, query: PageQuery) {
      const { values, param } = queryParams();
      const me = param(ownerId);
      const keyset = keysetAfter(NEWEST, query.cursor, param);
      return page(
        `SELECT ${collectionColumns(me)}, ${keyset.keySelect} AS "pageKey"
         FROM collection c JOIN author o ON o.id = c.owner_id
         WHERE ${ownedBy(me)} AND ${keyset.after}
         ORDER BY ${keyset.orderBy} LIMIT ${param(query.limit + 1)}`,
        values,
        query.limit,
        keyset.at,
      );
    },

    /** A page of the public collections of the author `ownerId`, newest first. */
    listPublicOf(ownerId: string, viewer: Viewer, query: PageQuery) {
      const { values, param } = queryParams();
      const keyset = keysetAfter(NEWEST, query.cursor, param);
      return page(
        `SELECT ${collectionColumns(param(viewer))}, ${keyset.keySelect} AS "pageKey"
         FROM collection c JOIN author o ON o.id = c.owner_id
         WHERE c.is_public AND c.owner_id = ${param(ownerId)}::uuid AND ${keyset.after}
         ORDER BY ${keyset.orderBy} LIMIT ${param(query.limit + 1)}`,
        values,
        query.limit,
        keyset.at,
      );
    },

    /** A page of all public collections, in `order`; only those tagged `tag` when it is given. */
    listPublic(order: readonly KeyColumn[], tag: string | undefined, viewer: Viewer, query: PageQuery) {
      const { values, param } = queryParams();
      const keyset = keysetAfter(order, query.cursor, param);
      const tagged = tag === undefined ? '' : `AND c.tags @> ARRAY[${param(tag)}]::text[]`;
      return page(
        `SELECT ${collectionColumns(param(viewer))}, ${keyset.keySelect} AS "pageKey"
         FROM collection c JOIN author o ON o.id = c.owner_id
         WHERE c.is_public ${tagged} AND ${keyset.after}
         ORDER BY ${keyset.orderBy} LIMIT ${param(query.limit + 1)}`,
        values,
        query.limit,
        keyset.at,
      );
    },

    /**
     * A page of the poems the viewer sees in the collection: in a collection they may see, or with
     * `ownedOnly`, in one of their own. Its owner sees it whole, newest membership first (drafts
     * have no publication time); everyone else its public view, newest published first: one
     * branch each, the other is empty. `authorId` keeps the poems of one author (null: of an
     * author who does not exist, so none); `tags`, those carrying every tag; `poemId`, that poem.
     */
    poems(
      target: { collectionId: string; viewer: string; ownedOnly: boolean },
      filter: { authorId?: string | null; tags?: string[]; poemId?: string },
      query: PageQuery,
    ) {
      const { values, param } = queryParams();
      const me = param(target.viewer);
      const owners = keysetAfter(LATEST_ADDED, query.cursor, param);
      const readers = keysetAfter(LATEST_PUBLISHED, query.cursor, param);
      const byAuthor =
        filter.authorId === undefined ? '' : `AND p.author_id = ${param(filter.authorId)}::uuid`;
      const tagged = filter.tags?.length ? `AND p.tags @> ${param(filter.tags)}::text[]` : '';
      const onePoem = filter.poemId === undefined ? '' : `AND cp.poem_id = ${param(filter.poemId)}::uuid`;
      const limit = param(query.limit + 1);
      return within<MembershipRow>(
        `WITH target AS (
           SELECT c.id, c.owner_id FROM collection c
           WHERE c.id = ${param(target.collectionId)}::uuid AND ${target.ownedOnly ? ownedBy(me) : visibleTo(me)})
         SELECT c.owner_id AS "collectionOwnerId", m.* FROM target c
         LEFT JOIN LATERAL (
           (SELECT pr.*, cp.is_hidden AS "isHidden", ${owners.keySelect} AS "pageKey"
           FROM collection_poem cp
           CROSS JOIN LATERAL (
             SELECT ${poemColumns(me)} FROM poem p JOIN author a ON a.id = p.author_id
             WHERE p.id = cp.poem_id AND (p.author_id = c.owner_id OR p.is_published) ${byAuthor} ${tagged}) pr
           WHERE ${ownedBy(me)} AND cp.collection_id = c.id ${onePoem} AND ${owners.after}
           ORDER BY ${owners.orderBy} LIMIT ${limit})
           UNION ALL
           (SELECT pr.*, cp.is_hidden AS "isHidden", ${readers.keySelect} AS "pageKey"
           FROM collection_poem cp
           CROSS JOIN LATERAL (
             SELECT ${poemColumns(me)} FROM poem p JOIN author a ON a.id = p.author_id
             WHERE p.id = cp.poem_id ${byAuthor} ${tagged}) pr
           WHERE NOT ${ownedBy(me)} AND cp.collection_id = c.id AND ${shownPublicly('cp')} ${onePoem} AND ${readers.after}
           ORDER BY ${readers.orderBy} LIMIT ${limit})
         ) m ON TRUE`,
        values,
        query.limit,
        owners.at,
      );
    },

    /**
     * A page of the public collection `collectionId` of the author `ownerId` as a reader without an
     * account sees it, whoever the viewer (who only gets `likedByMe`): published poems in
     * memberships that are not hidden, newest published first; `tags` keeps those carrying every
     * tag. Undefined when the author has no such public collection.
     */
    publicPoems(
      target: { ownerId: string; collectionId: string; viewer: Viewer },
      query: PublicCollectionPoemsQuery,
    ) {
      const { values, param } = queryParams();
      const keyset = keysetAfter(LATEST_PUBLISHED, query.cursor, param);
      const tagged = query.tags?.length ? `AND p.tags @> ${param(query.tags)}::text[]` : '';
      return within<PoemRow>(
        `WITH target AS (
           SELECT c.id, c.owner_id FROM collection c
           WHERE c.id = ${param(target.collectionId)}::uuid AND c.owner_id = ${param(target.ownerId)}::uuid
             AND c.is_public)
         SELECT c.owner_id AS "collectionOwnerId", m.* FROM target c
         LEFT JOIN LATERAL (
           SELECT pr.*, ${keyset.keySelect} AS "pageKey"
           FROM collection_poem cp
           CROSS JOIN LATERAL (
             SELECT ${poemColumns(param(target.viewer))} FROM poem p JOIN author a ON a.id = p.author_id
             WHERE p.id = cp.poem_id AND p.is_published ${tagged}) pr
           WHERE cp.collection_id = c.id AND ${shownPublicly('cp')} AND ${keyset.after}
           ORDER BY ${keyset.orderBy} LIMIT ${param(query.limit + 1)}
         ) m ON TRUE`,
        values,
        query.limit,
        keyset.at,
      );
    },

    /** A page of the collections `viewer` follows and may see, most recent follow first. */
    followed(viewer: string, query: PageQuery) {
      const { values, param } = queryParams();
      const me = param(viewer);
      const keyset = keysetAfter(LATEST_FOLLOWED, query.cursor, param);
      return page(
        `SELECT ${collectionColumns(me)}, ${keyset.keySelect} AS "pageKey"
         FROM collection_follow f JOIN collection c ON c.id = f.collection_id JOIN author o ON o.id = c.owner_id
         WHERE f.author_id = ${me}::uuid AND ${visibleTo(me)} AND ${keyset.after}
         ORDER BY ${keyset.orderBy} LIMIT ${param(query.limit + 1)}`,
        values,
        query.limit,
        keyset.at,
      );
    },

    /** A page of the authors following a collection the viewer may see, most recent follow first. */
    followers(collectionId: string, viewer: string, query: PageQuery) {
      const { values, param } = queryParams();
      const me = param(viewer);
      const keyset = keysetAfter(LATEST_FOLLOW, query.cursor, param);
      return within<AuthorRow>(
        `WITH target AS (
           SELECT c.id, c.owner_id FROM collection c
           WHERE c.id = ${param(collectionId)}::uuid AND ${visibleTo(me)})
         SELECT c.owner_id AS "collectionOwnerId", m.* FROM target c
         LEFT JOIN LATERAL (
           SELECT ${authorColumnsFor('a', me)}, ${keyset.keySelect} AS "pageKey"
           FROM collection_follow f JOIN author a ON a.id = f.author_id
           WHERE f.collection_id = c.id AND ${keyset.after}
           ORDER BY ${keyset.orderBy} LIMIT ${param(query.limit + 1)}
         ) m ON TRUE`,
        values,
        query.limit,
        keyset.at,
      );
    },
  };
}

export type CollectionQueries = ReturnType<typeof createCollectionQueries>;
