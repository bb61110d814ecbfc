import type { Metric, PageQuery } from '@poetry/contract';
import type pg from 'pg';
import { decodeCursor, isUuid, toPage } from '../../db/keyset.js';
import type { AuthorFields } from '../authors/author-view.js';
import { authorColumns } from '../authors/author-view.js';
import { type PoemRow, poemSelect } from './poem-read-model.js';

/** The column of each metric; a closed list, so it is safe to put into SQL. */
const METRIC_COLUMN: Record<Metric, string> = {
  read: 'read_count',
  clicked: 'clicked_count',
  shared: 'shared_count',
};

type Viewer = string | null;

/**
 * The read side of poems: one SQL query per call. Every list is keyset-paginated on an index:
 * ids are UUID v7, so `id DESC` is newest first.
 */
export function createPoemQueries(pool: pg.Pool) {
  async function one(sql: string, params: unknown[]): Promise<PoemRow | undefined> {
    const { rows } = await pool.query<PoemRow>(sql, params);
    return rows[0];
  }

  /** Newest first, after the cursor: `where` may use $1 (viewer) and `params` from $2 on. */
  async function newestFirst(where: string, params: unknown[], viewer: Viewer, page: PageQuery) {
    const [after] = decodeCursor(page.cursor, ['uuid']) ?? [null];
    const n = params.length + 2;
    const { rows } = await pool.query<PoemRow>(
      `${poemSelect('$1')} WHERE ${where} AND ($${n}::uuid IS NULL OR p.id < $${n}::uuid)
       ORDER BY p.id DESC LIMIT $${n + 1}`,
      [viewer, ...params, after, page.limit + 1],
    );
    return toPage(
      rows,
      page.limit,
      (row) => [row.id],
      (row) => row,
    );
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

    listOwned: (ownerId: string, page: PageQuery) => newestFirst('p.author_id = $1', [], ownerId, page),

    listPublishedBy: (authorId: string, viewer: Viewer, page: PageQuery) =>
      newestFirst('p.author_id = $2 AND p.is_published', [authorId], viewer, page),

    /**
     * Published poems by the authors the viewer follows or shown by the public collections they
     * follow. Each followed author contributes at most a page of candidates (a lateral index scan
     * per author), so a page costs the same however much the followed authors have written.
     */
    async feed(viewer: string, page: PageQuery) {
      const [after] = decodeCursor(page.cursor, ['uuid']) ?? [null];
      const { rows } = await pool.query<PoemRow>(
        `${poemSelect('$1')}
         WHERE p.is_published AND p.id IN (
           SELECT latest.id FROM author_follow f
           CROSS JOIN LATERAL (
             SELECT id FROM poem
             WHERE author_id = f.followee_id AND is_published AND ($2::uuid IS NULL OR id < $2::uuid)
             ORDER BY id DESC LIMIT $3) latest
           WHERE f.follower_id = $1
           UNION
           SELECT cp.poem_id FROM collection_follow cf
           JOIN collection c ON c.id = cf.collection_id AND c.is_public
           JOIN collection_poem cp ON cp.collection_id = c.id AND NOT cp.is_hidden
           WHERE cf.author_id = $1 AND ($2::uuid IS NULL OR cp.poem_id < $2::uuid))
         ORDER BY p.id DESC LIMIT $3`,
        [viewer, after, page.limit + 1],
      );
      return toPage(
        rows,
        page.limit,
        (row) => [row.id],
        (row) => row,
      );
    },

    /** Published poems matching `q` (best match first) and carrying every tag in `tags`. */
    async search(query: { q?: string; tags?: string[] } & PageQuery, viewer: Viewer) {
      const tags = query.tags?.length ? query.tags : null;
      if (!query.q)
        return newestFirst('p.is_published AND ($2::text[] IS NULL OR p.tags @> $2)', [tags], viewer, query);
      const [rank, id] = decodeCursor(query.cursor, ['number', 'uuid']) ?? [null, null];
      const { rows } = await pool.query<PoemRow & { rank: number }>(
        `SELECT * FROM (
           ${poemSelect('$1', {
             columns: 'ts_rank(p.search, q.query) AS rank',
             join: `CROSS JOIN websearch_to_tsquery('simple', $2) AS q(query)`,
           })}
           WHERE p.is_published AND p.search @@ q.query AND ($3::text[] IS NULL OR p.tags @> $3)
         ) ranked
         WHERE $4::real IS NULL OR (rank, id) < ($4::real, $5::uuid)
         ORDER BY rank DESC, id DESC LIMIT $6`,
        [viewer, query.q, tags, rank, id, query.limit + 1],
      );
      return toPage(
        rows,
        query.limit,
        (row) => [row.rank, row.id],
        (row) => row,
      );
    },

    /** Authors who like a published poem, most recent like first. */
    async likers(poemId: string, viewer: Viewer, page: PageQuery) {
      const [likedAt, authorId] = decodeCursor(page.cursor, ['timestamp', 'uuid']) ?? [null, null];
      const { rows } = await pool.query<AuthorFields & { likedAt: string; followedByMe: boolean }>(
        `SELECT ${authorColumns('a')}, l.created_at::text AS "likedAt",
           EXISTS (SELECT 1 FROM author_follow f WHERE f.follower_id = $1::uuid AND f.followee_id = a.id) AS "followedByMe"
         FROM poem_like l JOIN author a ON a.id = l.author_id
         WHERE l.poem_id = $2 AND ($3::timestamptz IS NULL OR (l.created_at, l.author_id) < ($3::timestamptz, $4::uuid))
         ORDER BY l.created_at DESC, l.author_id DESC LIMIT $5`,
        [viewer, poemId, likedAt, authorId, page.limit + 1],
      );
      return toPage(
        rows,
        page.limit,
        (row) => [row.likedAt, row.id],
        (row) => row,
      );
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
