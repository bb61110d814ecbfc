import type { PageQuery, PoemSearchQuery } from '@poetry/contract';
import type pg from 'pg';
import { type AuthorRow, authorColumnsFor } from '../shared/author-view.js';
import { decodeCursor } from '../shared/keyset.js';
import {
  type KeyColumn,
  type Keyed,
  keyedPage,
  keyShape,
  keysetAfter,
  queryParams,
} from '../shared/keyset-order.js';
import { type PoemRow, poemColumns } from '../shared/poem-view.js';

// Ids are UUID v7: newest first. Served by the (author_id, id DESC) and (id DESC) poem indexes.
const NEWEST: readonly KeyColumn[] = [{ sql: 'p.id', part: 'uuid' }];
// Title matches first (ts_rank counting only weight A, the title, is above 0), then by rank over
// every weight; normalisation 32 keeps that rank below 1. ts_rank is a float4; as float8 its text
// form round-trips exactly through the JSON cursor.
const BEST_MATCH: readonly KeyColumn[] = [
  {
    sql: `((ts_rank('{0, 0, 0, 1}', p.search, q.query) > 0)::int + ts_rank(p.search, q.query, 32))::float8`,
    part: 'number',
  },
  { sql: 'p.id', part: 'uuid' },
];
// Served by poem_like_poem_id_created_at_index.
const LATEST_LIKE: readonly KeyColumn[] = [
  { sql: 'l.created_at', part: 'timestamp' },
  { sql: 'l.author_id', part: 'uuid' },
];

type Viewer = string | null;

/** The reads of poems: one statement per answer, every list keyset-paginated on an index. Ids are checked UUIDs. */
export function createPoemQueries(pool: pg.Pool) {
  async function one(sql: string, values: unknown[]): Promise<PoemRow | undefined> {
    const { rows } = await pool.query<PoemRow>(sql, values);
    return rows[0];
  }

  async function page<Row>(sql: string, values: unknown[], limit: number) {
    const { rows } = await pool.query<Keyed<Row>>(sql, values);
    return keyedPage(rows, limit);
  }

  return {
    published: (poemId: string, viewer: Viewer) =>
      one(
        `SELECT ${poemColumns('$1')} FROM poem p JOIN author a ON a.id = p.author_id
         WHERE p.id = $2 AND p.is_published`,
        [viewer, poemId],
      ),

    publishedBy: (authorId: string, poemId: string, viewer: Viewer) =>
      one(
        `SELECT ${poemColumns('$1')} FROM poem p JOIN author a ON a.id = p.author_id
         WHERE p.id = $2 AND p.author_id = $3 AND p.is_published`,
        [viewer, poemId, authorId],
      ),

    /** One of the owner's poems, in any state. */
    owned: (poemId: string, ownerId: string) =>
      one(
        `SELECT ${poemColumns('$1')} FROM poem p JOIN author a ON a.id = p.author_id
         WHERE p.id = $2 AND p.author_id = $1`,
        [ownerId, poemId],
      ),

    listOwned(ownerId: string, query: PageQuery) {
      const { values, param } = queryParams();
      const me = param(ownerId);
      const keyset = keysetAfter(NEWEST, query.cursor, param);
      return page<PoemRow>(
        `SELECT ${poemColumns(me)}, ${keyset.keySelect} AS "pageKey"
         FROM poem p JOIN author a ON a.id = p.author_id
         WHERE p.author_id = ${me}::uuid AND ${keyset.after}
         ORDER BY ${keyset.orderBy} LIMIT ${param(query.limit + 1)}`,
        values,
        query.limit,
      );
    },

    listPublishedBy(authorId: string, viewer: Viewer, query: PageQuery) {
      const { values, param } = queryParams();
      const keyset = keysetAfter(NEWEST, query.cursor, param);
      return page<PoemRow>(
        `SELECT ${poemColumns(param(viewer))}, ${keyset.keySelect} AS "pageKey"
         FROM poem p JOIN author a ON a.id = p.author_id
         WHERE p.author_id = ${param(authorId)}::uuid AND p.is_published AND ${keyset.after}
         ORDER BY ${keyset.orderBy} LIMIT ${param(query.limit + 1)}`,
        values,
        query.limit,
      );
    },

    /**
     * Published poems by the authors the viewer follows or shown by the public collections they
     * follow. Each followed author contributes at most a page of candidates (a lateral index scan
     * per author), so a page costs the same however much the followed authors have written.
     */
    feed(viewer: string, query: PageQuery) {
      const { values, param } = queryParams();
      const keyset = keysetAfter(NEWEST, query.cursor, param);
      const [before] = decodeCursor(query.cursor, keyShape(NEWEST)) ?? [null];
      const me = param(viewer);
      const idBefore = param(before);
      const limit = param(query.limit + 1);
      return page<PoemRow>(
        `SELECT ${poemColumns(me)}, ${keyset.keySelect} AS "pageKey"
         FROM poem p JOIN author a ON a.id = p.author_id
         WHERE p.is_published AND ${keyset.after} AND p.id IN (
           SELECT latest.id FROM author_follow f
           CROSS JOIN LATERAL (
             SELECT id FROM poem
             WHERE author_id = f.followee_id AND is_published AND (${idBefore}::uuid IS NULL OR id < ${idBefore}::uuid)
             ORDER BY id DESC LIMIT ${limit}) latest
           WHERE f.follower_id = ${me}::uuid
           UNION
           SELECT cp.poem_id FROM collection_follow cf
           JOIN collection c ON c.id = cf.collection_id AND c.is_public
           JOIN collection_poem cp ON cp.collection_id = c.id AND NOT cp.is_hidden
           WHERE cf.author_id = ${me}::uuid AND (${idBefore}::uuid IS NULL OR cp.poem_id < ${idBefore}::uuid))
         ORDER BY ${keyset.orderBy} LIMIT ${limit}`,
        values,
        query.limit,
      );
    },

    /**
     * Published poems carrying every tag given: those matching `q` (websearch syntax, English
     * stemming, over title, tags, author's name and body) title matches first, then best match;
     * without `q` newest first.
     */
    search(query: PoemSearchQuery, viewer: Viewer) {
      const { values, param } = queryParams();
      const order = query.q ? BEST_MATCH : NEWEST;
      const keyset = keysetAfter(order, query.cursor, param);
      const words = query.q
        ? `CROSS JOIN websearch_to_tsquery('english', ${param(query.q)}) AS q(query)`
        : '';
      const tagged = query.tags?.length ? `AND p.tags @> ${param(query.tags)}::text[]` : '';
      return page<PoemRow>(
        `SELECT ${poemColumns(param(viewer))}, ${keyset.keySelect} AS "pageKey"
         FROM poem p JOIN author a ON a.id = p.author_id ${words}
         WHERE p.is_published ${words ? 'AND p.search @@ q.query' : ''} ${tagged} AND ${keyset.after}
         ORDER BY ${keyset.orderBy} LIMIT ${param(query.limit + 1)}`,
        values,
        query.limit,
      );
    },

    /** Authors who like a poem, most recent like first. */
    likers(poemId: string, viewer: Viewer, query: PageQuery) {
      const { values, param } = queryParams();
      const keyset = keysetAfter(LATEST_LIKE, query.cursor, param);
      return page<AuthorRow>(
        `SELECT ${authorColumnsFor('a', param(viewer))}, ${keyset.keySelect} AS "pageKey"
         FROM poem_like l JOIN author a ON a.id = l.author_id
         WHERE l.poem_id = ${param(poemId)}::uuid AND ${keyset.after}
         ORDER BY ${keyset.orderBy} LIMIT ${param(query.limit + 1)}`,
        values,
        query.limit,
      );
    },
  };
}

export type PoemQueries = ReturnType<typeof createPoemQueries>;
