import type { Metric, PageQuery } from '@poetry/contract';
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
import { type AuthorRow, authorColumnsFor } from '../shared/author-view.js';
import { type PoemRow, poemSelect } from '../shared/poem-view.js';

/** The column of each metric; a closed list, so it is safe to put into SQL. */
const METRIC_COLUMN: Record<Metric, string> = {
  read: 'read_count',
  clicked: 'clicked_count',
  shared: 'shared_count',
};

// Ids are UUID v7: newest first. Served by the (author_id, id DESC) and (id DESC) poem indexes.
const NEWEST: readonly KeyColumn[] = [{ sql: 'p.id', part: 'uuid' }];
// ts_rank is a float4; as float8 its text form round-trips exactly through the JSON cursor.
const BEST_MATCH: readonly KeyColumn[] = [
  { sql: 'ts_rank(p.search, q.query)::float8', part: 'number' },
  { sql: 'p.id', part: 'uuid' },
];
// Served by poem_like_poem_id_created_at_index.
const LATEST_LIKE: readonly KeyColumn[] = [
  { sql: 'l.created_at', part: 'timestamp' },
  { sql: 'l.author_id', part: 'uuid' },
];

type Viewer = string | null;
type Param = (value: unknown) => string;

/** The read side of poems: one SQL query per call, every list keyset-paginated on an index. */
export function createPoemQueries(pool: pg.Pool) {
  async function one(sql: string, params: unknown[]): Promise<PoemRow | undefined> {
    const { rows } = await pool.query<PoemRow>(sql, params);
    return rows[0];
  }

  /**
   * A page of poems in `order`. `build` gives the WHERE clause on `p` (and a JOIN if it needs
   * one), adding its values with `param`; `viewer` is the viewer's placeholder.
   */
  async function poemPage(
    viewer: Viewer,
    page: PageQuery,
    order: readonly KeyColumn[],
    build: (param: Param, viewer: string) => { where: string; join?: string },
  ) {
    const { values, param } = queryParams();
    const viewerParam = param(viewer);
    const keyset = keysetSql(order, decodeCursor(page.cursor, keyShape(order)), param);
    const { where, join = '' } = build(param, viewerParam);
    const { rows } = await pool.query<Keyed<PoemRow>>(
      `${poemSelect(viewerParam, { columns: `${keyset.keySelect} AS "pageKey"`, join })}
       WHERE ${where} AND ${keyset.after}
       ORDER BY ${keyset.orderBy} LIMIT ${param(page.limit + 1)}`,
      values,
    );
    return keyedPage(rows, page.limit);
  }

  return {
    published: (poemId: string, viewer: Viewer) =>
      isUuid(poemId)
        ? one(`${poemSelect('$1')} WHERE p.id = $2 AND p.is_published`, [viewer, poemId])
        : Promise.resolve(undefined),

    publishedBy: (authorId: string, poemId: string, viewer: Viewer) =>
      isUuid(poemId)
        ? one(`${poemSelect('$1')} WHERE p.id = $2 AND p.author_id = $3 AND p.is_published`, [
            viewer,
            poemId,
            authorId,
          ])
        : Promise.resolve(undefined),

    /** One of the owner's poems, in any state. */
    owned: (poemId: string, ownerId: string) =>
      isUuid(poemId)
        ? one(`${poemSelect('$1')} WHERE p.id = $2 AND p.author_id = $1`, [ownerId, poemId])
        : Promise.resolve(undefined),

    listOwned: (ownerId: string, page: PageQuery) =>
      poemPage(ownerId, page, NEWEST, (_param, me) => ({ where: `p.author_id = ${me}::uuid` })),

    listPublishedBy: (authorId: string, viewer: Viewer, page: PageQuery) =>
      poemPage(viewer, page, NEWEST, (param) => ({
        where: `p.author_id = ${param(authorId)}::uuid AND p.is_published`,
      })),

    /**
     * Published poems by the authors the viewer follows or shown by the public collections they
     * follow. Each followed author contributes at most a page of candidates (a lateral index scan
     * per author), so a page costs the same however much the followed authors have written.
     */
    feed: (viewer: string, page: PageQuery) => {
      const [after] = decodeCursor(page.cursor, keyShape(NEWEST)) ?? [null];
      return poemPage(viewer, page, NEWEST, (param, me) => {
        const before = param(after);
        return {
          where: `p.is_published AND p.id IN (
            SELECT latest.id FROM author_follow f
            CROSS JOIN LATERAL (
              SELECT id FROM poem
              WHERE author_id = f.followee_id AND is_published AND (${before}::uuid IS NULL OR id < ${before}::uuid)
              ORDER BY id DESC LIMIT ${param(page.limit + 1)}) latest
            WHERE f.follower_id = ${me}::uuid
            UNION
            SELECT cp.poem_id FROM collection_follow cf
            JOIN collection c ON c.id = cf.collection_id AND c.is_public
            JOIN collection_poem cp ON cp.collection_id = c.id AND NOT cp.is_hidden
            WHERE cf.author_id = ${me}::uuid AND (${before}::uuid IS NULL OR cp.poem_id < ${before}::uuid))`,
        };
      });
    },

    /** Published poems matching `q` (best match first; newest first without `q`) and carrying every tag. */
    search: (query: { q?: string | undefined; tags?: string[] | undefined } & PageQuery, viewer: Viewer) => {
      const tagged = (param: Param) =>
        query.tags?.length ? ` AND p.tags @> ${param(query.tags)}::text[]` : '';
      const words = query.q;
      if (!words)
        return poemPage(viewer, query, NEWEST, (param) => ({ where: `p.is_published${tagged(param)}` }));
      return poemPage(viewer, query, BEST_MATCH, (param) => ({
        join: `CROSS JOIN websearch_to_tsquery('simple', ${param(words)}) AS q(query)`,
        where: `p.is_published AND p.search @@ q.query${tagged(param)}`,
      }));
    },

    /** Authors who like a poem, most recent like first. */
    async likers(poemId: string, viewer: Viewer, page: PageQuery) {
      const { values, param } = queryParams();
      const viewerParam = param(viewer);
      const keyset = keysetSql(LATEST_LIKE, decodeCursor(page.cursor, keyShape(LATEST_LIKE)), param);
      const { rows } = await pool.query<Keyed<AuthorRow>>(
        `SELECT ${authorColumnsFor('a', viewerParam)}, ${keyset.keySelect} AS "pageKey"
         FROM poem_like l JOIN author a ON a.id = l.author_id
         WHERE l.poem_id = ${param(poemId)}::uuid AND ${keyset.after}
         ORDER BY ${keyset.orderBy} LIMIT ${param(page.limit + 1)}`,
        values,
      );
      return keyedPage(rows, page.limit);
    },

    /** Adds one to a published poem's metric in a single atomic UPDATE and reads the poem back. */
    incrementMetric: (poemId: string, metric: Metric, viewer: Viewer) => {
      const column = METRIC_COLUMN[metric];
      return isUuid(poemId)
        ? one(
            `WITH bumped AS (
               UPDATE poem SET ${column} = ${column} + 1 WHERE id = $2 AND is_published RETURNING *)
             ${poemSelect('$1', { source: 'bumped' })}`,
            [viewer, poemId],
          )
        : Promise.resolve(undefined);
    },
  };
}

export type PoemQueries = ReturnType<typeof createPoemQueries>;
