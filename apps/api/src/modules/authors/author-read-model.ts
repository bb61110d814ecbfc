import type { PageQuery } from '@poetry/contract';
import type pg from 'pg';
import { decodeCursor } from '../../db/keyset.js';
import {
  type KeyColumn,
  type Keyed,
  keyedPage,
  keyShape,
  keysetSql,
  queryParams,
} from '../../db/keyset-order.js';
import { type AuthorRow, authorColumnsFor } from '../shared/author-view.js';
import { authorMatchSql, canNameAuthor } from '../shared/resolve-author.js';

/** SQL: the `AuthorRow` of the author aliased `a`, for the viewer id in `viewerParam` (NULL: anonymous). */
const authorSelect = (viewerParam: string) => authorColumnsFor('a', viewerParam);

/** A named list: which authors (`where`, SQL on `a`) in which order. */
export type AuthorListQuery = {
  where: (param: (value: unknown) => string) => string;
  order: readonly KeyColumn[];
};

// Served by author_follow_followee_id_created_at_index.
const FOLLOWERS_ORDER: readonly KeyColumn[] = [
  { sql: 'f.created_at', part: 'timestamp' },
  { sql: 'f.follower_id', part: 'uuid' },
];

/** The read side of authors: one SQL query per call. */
export function createAuthorReadModel(pool: pg.Pool) {
  return {
    /** The author `idOrUsername` names, as `viewerId` sees them. */
    async find(idOrUsername: string, viewerId: string | null): Promise<AuthorRow | undefined> {
      if (!canNameAuthor(idOrUsername)) return undefined;
      const { rows } = await pool.query<AuthorRow>(
        `SELECT ${authorSelect('$1')} FROM author a WHERE ${authorMatchSql(idOrUsername, 'a', '$2')}`,
        [viewerId, idOrUsername],
      );
      return rows[0];
    },

    /**
     * A page of the followers of the author `idOrUsername` names, most recent follow first;
     * undefined when there is no such author (one query tells both apart: the author row is
     * there, joined to nothing when the page is empty).
     */
    async followers(idOrUsername: string, viewerId: string | null, page: PageQuery) {
      if (!canNameAuthor(idOrUsername)) return undefined;
      const { values, param } = queryParams();
      const viewer = param(viewerId);
      const keyset = keysetSql(FOLLOWERS_ORDER, decodeCursor(page.cursor, keyShape(FOLLOWERS_ORDER)), param);
      const { rows } = await pool.query<Partial<Keyed<AuthorRow>>>(
        `SELECT page.* FROM author t
         LEFT JOIN LATERAL (
           SELECT ${authorSelect(viewer)}, ${keyset.keySelect} AS "pageKey"
           FROM author_follow f JOIN author a ON a.id = f.follower_id
           WHERE f.followee_id = t.id AND ${keyset.after}
           ORDER BY ${keyset.orderBy} LIMIT ${param(page.limit + 1)}
         ) page ON TRUE
         WHERE ${authorMatchSql(idOrUsername, 't', param(idOrUsername))}`,
        values,
      );
      if (rows.length === 0) return undefined;
      const followers = rows.filter((row): row is Keyed<AuthorRow> => row.id != null);
      return keyedPage(followers, page.limit);
    },

    /** A page of a named list. */
    async list(list: AuthorListQuery, viewerId: string | null, page: PageQuery) {
      const { values, param } = queryParams();
      const viewer = param(viewerId);
      const keyset = keysetSql(list.order, decodeCursor(page.cursor, keyShape(list.order)), param);
      const { rows } = await pool.query<Keyed<AuthorRow>>(
        `SELECT ${authorSelect(viewer)}, ${keyset.keySelect} AS "pageKey"
         FROM author a
         WHERE ${list.where(param)} AND ${keyset.after}
         ORDER BY ${keyset.orderBy} LIMIT ${param(page.limit + 1)}`,
        values,
      );
      return keyedPage(rows, page.limit);
    },
  };
}

export type AuthorReadModel = ReturnType<typeof createAuthorReadModel>;
