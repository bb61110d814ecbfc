import type { PageQuery } from '@poetry/contract';
import type { Queryable } from '../../db/queryable.js';
import { authorRefMatch, canNameAuthor } from '../common/author-ref.js';
import { type AuthorRow, authorColumnsFor } from '../common/author-view.js';
import type { Cursor } from '../common/keyset.js';
import { type KeyColumn, type Keyed, keyedPage, keysetAfter, queryParams } from '../common/keyset-order.js';

// Each order is served by an index of the initial migration (`author_*_count_id_index`, the
// primary key); ties go to the newest author. Ids are UUID v7, so `a.id` alone is newest first.
const ORDERS = {
  featured: [
    { sql: 'a.followers_count', part: 'int' },
    { sql: 'a.id', part: 'uuid' },
  ],
  top: [
    { sql: 'a.likes_received_count', part: 'int' },
    { sql: 'a.id', part: 'uuid' },
  ],
  new: [{ sql: 'a.id', part: 'uuid' }],
} as const satisfies Record<string, readonly KeyColumn[]>;

/** The lists of every author, by the name of their order. */
export type AuthorListName = keyof typeof ORDERS;
export const isAuthorListName = (name: string): name is AuthorListName => Object.hasOwn(ORDERS, name);

// Served by author_follow_followee_id_created_at_index.
const LATEST_FOLLOW: readonly KeyColumn[] = [
  { sql: 'f.created_at', part: 'timestamp' },
  { sql: 'f.follower_id', part: 'uuid' },
];
// The authors one author follows, most recent follow first; served by
// author_follow_follower_id_created_at_index.
const LATEST_FOLLOWED: readonly KeyColumn[] = [
  { sql: 'f.created_at', part: 'timestamp' },
  { sql: 'f.followee_id', part: 'uuid' },
];

type Viewer = string | null;

/** The reads of authors: one statement per answer. */
export function createAuthorQueries(db: Queryable) {
  async function page(sql: string, values: unknown[], limit: number, at: Cursor | undefined) {
    const { rows } = await db.query<Keyed<AuthorRow>>(sql, values);
    return keyedPage(rows, limit, at);
  }

  return {
    /** The author `ref` (an id or a username) names, as the viewer sees them. */
    async find(ref: string, viewer: Viewer): Promise<AuthorRow | undefined> {
      if (!canNameAuthor(ref)) return undefined;
      const { rows } = await db.query<AuthorRow>(
        `SELECT ${authorColumnsFor('a', '$1')} FROM author a WHERE ${authorRefMatch(ref, 'a', '$2')}`,
        [viewer, ref],
      );
      return rows[0];
    },

    /**
     * A page of the followers of the author `ref` names, most recent follow first; undefined when
     * there is no such author (one query tells both apart: the author row is there, joined to
     * nothing when the page is empty).
     */
    async followers(ref: string, viewer: Viewer, query: PageQuery) {
      if (!canNameAuthor(ref)) return undefined;
      const { values, param } = queryParams();
      const keyset = keysetAfter(LATEST_FOLLOW, query.cursor, param);
      const { rows } = await db.query<Partial<Keyed<AuthorRow>>>(
        `SELECT page.* FROM author t
         LEFT JOIN LATERAL (
           SELECT ${authorColumnsFor('a', param(viewer))}, ${keyset.keySelect} AS "pageKey"
           FROM author_follow f JOIN author a ON a.id = f.follower_id
           WHERE f.followee_id = t.id AND ${keyset.after}
           ORDER BY ${keyset.orderBy} LIMIT ${param(query.limit + 1)}
         ) page ON TRUE
         WHERE ${authorRefMatch(ref, 't', param(ref))}`,
        values,
      );
      if (rows.length === 0) return undefined;
      const followers = rows.filter((row): row is Keyed<AuthorRow> => row.id != null);
      return keyedPage(followers, query.limit, keyset.at);
    },

    /** A page of the authors `viewer` follows, most recent follow first. */
    following(viewer: string, query: PageQuery) {
      const { values, param } = queryParams();
      const me = param(viewer);
      const keyset = keysetAfter(LATEST_FOLLOWED, query.cursor, param);
      return page(
        `SELECT ${authorColumnsFor('a', me)}, ${keyset.keySelect} AS "pageKey"
         FROM author_follow f JOIN author a ON a.id = f.followee_id
         WHERE f.follower_id = ${me}::uuid AND ${keyset.after}
         ORDER BY ${keyset.orderBy} LIMIT ${param(query.limit + 1)}`,
        values,
        query.limit,
        keyset.at,
      );
    },

    /** A page of every author, in the order the list is named after. */
    everyone(list: AuthorListName, viewer: Viewer, query: PageQuery) {
      const { values, param } = queryParams();
      const keyset = keysetAfter(ORDERS[list], query.cursor, param);
      return page(
        `SELECT ${authorColumnsFor('a', param(viewer))}, ${keyset.keySelect} AS "pageKey"
         FROM author a
         WHERE ${keyset.after}
         ORDER BY ${keyset.orderBy} LIMIT ${param(query.limit + 1)}`,
        values,
        query.limit,
        keyset.at,
      );
    },

    /**
     * A page of the authors with at least one published poem tagged `tag` (the GIN index on
     * `poem.tags` finds them), most liked first.
     */
    inGenre(tag: string, viewer: Viewer, query: PageQuery) {
      const { values, param } = queryParams();
      const keyset = keysetAfter(ORDERS.top, query.cursor, param);
      // The genre's authors first, from the tag's published poems (`poem_tag`), then their order:
      // walking authors by likes and looking for the tag among each one's poems read ~1,000
      // authors' poems for a tag in 1.5% of them (50 ms against 3 ms), as an author's poems tend
      // to share their tags, which PostgreSQL cannot know.
      return page(
        `WITH genre AS MATERIALIZED (
           SELECT DISTINCT p.author_id FROM poem_tag t JOIN poem p ON p.id = t.poem_id
           WHERE t.tag = ${param(tag)})
         SELECT ${authorColumnsFor('a', param(viewer))}, ${keyset.keySelect} AS "pageKey"
         FROM genre g JOIN author a ON a.id = g.author_id
         WHERE ${keyset.after}
         ORDER BY ${keyset.orderBy} LIMIT ${param(query.limit + 1)}`,
        values,
        query.limit,
        keyset.at,
      );
    },
  };
}

export type AuthorQueries = ReturnType<typeof createAuthorQueries>;
