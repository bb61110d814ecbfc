import { MORE_BY_AUTHOR_MAX, type PageQuery, type PoemSearchQuery } from '@poetry/contract';
import type pg from 'pg';
import { plannedPerCall } from '../../db/prepared-statements.js';
import type { Queryable } from '../../db/queryable.js';
import { type AuthorRow, authorColumnsFor, authorSummaryJson } from '../common/author-view.js';
import { type Cursor, decodeCursor } from '../common/keyset.js';
import {
  type KeyColumn,
  type Keyed,
  keyedPage,
  keyShape,
  keysetAfter,
  keysetOrder,
  keysetSql,
  queryParams,
} from '../common/keyset-order.js';
import { type PoemRow, poemColumns } from '../common/poem-view.js';
import { shownPublicly } from '../common/public-membership.js';
import type { AroundRow, MyPoemRow } from './view.js';

// Newest published first. Served by poem_published_author_id_published_at_index (an author's
// poems) and poem_published_published_at_index (all poems).
const PUBLISHED: readonly KeyColumn[] = [
  { sql: 'p.published_at', part: 'timestamp' },
  { sql: 'p.id', part: 'uuid' },
];
// A tag's published poems, newest published first: the same key as PUBLISHED, served by
// poem_tag_tag_published_at_index.
const TAGGED: readonly KeyColumn[] = [
  { sql: 't.published_at', part: 'timestamp' },
  { sql: 't.poem_id', part: 'uuid' },
];
// Most recently updated first; served by poem_author_id_updated_at_index.
const UPDATED: readonly KeyColumn[] = [
  { sql: 'p.updated_at', part: 'timestamp' },
  { sql: 'p.id', part: 'uuid' },
];
// The feed: when each poem reached the reader (`feed`), and the same key on each way it comes,
// served by poem_published_author_id_published_at_index and collection_poem_arrival_index.
const ARRIVED: readonly KeyColumn[] = [
  { sql: 'f.arrived_at', part: 'timestamp' },
  { sql: 'f.id', part: 'uuid' },
];
const ARRIVED_FROM_AUTHOR: readonly KeyColumn[] = [
  { sql: 'q.published_at', part: 'timestamp' },
  { sql: 'q.id', part: 'uuid' },
];
const ARRIVED_FROM_COLLECTION: readonly KeyColumn[] = [
  { sql: 'greatest(cp.poem_published_at, cp.added_at)', part: 'timestamp' },
  { sql: 'cp.poem_id', part: 'uuid' },
];
// Search results: the poems whose title matches (`in_title` 1) before the others (0), each part
// newest published first (PUBLISHED).
const TITLE_MATCHES_FIRST: readonly KeyColumn[] = [
  { sql: 'm.in_title', part: 'int' },
  { sql: 'm.published_at', part: 'timestamp' },
  { sql: 'm.id', part: 'uuid' },
];
/** One part of the search results: the poems `test` keeps, `inTitle` their place in TITLE_MATCHES_FIRST. */
type SearchPart = { inTitle: number; test: string };
// `IS TRUE` keeps the whole poem's test (which only a `-word` can fail) out of the index conditions
// of the title matches: PostgreSQL would AND the title index with the search index's bitmap of
// every poem holding the word, costly for a common one, instead of testing the few title matches.
const SEARCH_PARTS: readonly [SearchPart, SearchPart] = [
  { inTitle: 1, test: 'p.title_search @@ q.query AND (p.search @@ q.query) IS TRUE' },
  { inTitle: 0, test: 'p.search @@ q.query AND NOT p.title_search @@ q.query' },
];
// Served by poem_like_poem_id_created_at_index.
const LATEST_LIKE: readonly KeyColumn[] = [
  { sql: 'l.created_at', part: 'timestamp' },
  { sql: 'l.author_id', part: 'uuid' },
];
// The poems one author likes, most recently liked first; served by poem_like_author_id_created_at_index.
const LATEST_LIKED: readonly KeyColumn[] = [
  { sql: 'l.created_at', part: 'timestamp' },
  { sql: 'l.poem_id', part: 'uuid' },
];

type Viewer = string | null;

/** SQL: the poem aliased `alias` as a `PoemLink`, one JSON object. */
const poemLinkJson = (alias: string) => `json_build_object('id', ${alias}.id, 'title', ${alias}.title)`;

/**
 * SQL: the poem next to the membership `cp` in its collection's public order, on the side
 * `comparison` (`>`: listed before it, published later; `<`: listed after it), as a `PoemLink`.
 */
const collectionNeighbour = (comparison: '>' | '<') => `(
  SELECT ${poemLinkJson('n')} FROM collection_poem b JOIN poem n ON n.id = b.poem_id
  WHERE b.collection_id = cp.collection_id AND ${shownPublicly('b')}
    AND (b.poem_published_at, b.poem_id) ${comparison} (cp.poem_published_at, cp.poem_id)
  ORDER BY ${comparison === '>' ? 'b.poem_published_at, b.poem_id' : 'b.poem_published_at DESC, b.poem_id DESC'}
  LIMIT 1)`;

/** SQL: `poemColumns` and what only the poem's author sees, for the owner in `ownerPlaceholder`. */
const myPoemColumns = (ownerPlaceholder: string) =>
  `${poemColumns(ownerPlaceholder)}, p.share_key AS "shareKey", p.publish_at AS "publishAt"`;

/** The reads of poems: one statement per answer, every list keyset-paginated on an index. Ids are checked UUIDs. */
export function createPoemQueries(db: Queryable) {
  async function one<Row = PoemRow>(sql: string, values: unknown[]): Promise<Row | undefined> {
    const { rows } = await db.query<Row & pg.QueryResultRow>(sql, values);
    return rows[0];
  }

  async function page<Row>(sql: string, values: unknown[], limit: number, at: Cursor | undefined) {
    const { rows } = await db.query<Keyed<Row>>(sql, values);
    return keyedPage(rows, limit, at);
  }

  /** As `page`, planned at each call for its values (`plannedPerCall`). */
  async function pagePlannedPerCall<Row>(
    sql: string,
    values: unknown[],
    limit: number,
    at: Cursor | undefined,
  ) {
    const { rows } = await db.query<Keyed<Row>>(plannedPerCall(sql, values));
    return keyedPage(rows, limit, at);
  }

  /**
   * Published poems carrying every tag in `tags`, newest published first: those of the first tag
   * from its index (`poem_tag`), the others checked on each.
   */
  function taggedWith([first, ...others]: [string, ...string[]], viewer: Viewer, query: PageQuery) {
    const { values, param } = queryParams();
    const keyset = keysetAfter(TAGGED, query.cursor, param);
    const alsoTagged = others.length ? `AND p.tags @> ${param(others)}::text[]` : '';
    return page<PoemRow>(
      `SELECT ${poemColumns(param(viewer))}, ${keyset.keySelect} AS "pageKey"
       FROM poem_tag t JOIN poem p ON p.id = t.poem_id JOIN author a ON a.id = p.author_id
       WHERE t.tag = ${param(first)} ${alsoTagged} AND ${keyset.after}
       ORDER BY ${keyset.orderBy} LIMIT ${param(query.limit + 1)}`,
      values,
      query.limit,
      keyset.at,
    );
  }

  /**
   * Published poems matching `q` and carrying every tag in `tags`: those whose title alone matches
   * first, then the others, each part newest published first. Each part follows one index order,
   * so that PostgreSQL, which sees the words, either walks poem_published_published_at_index and
   * stops after a page (common words) or finds the few matches by a GIN index and sorts them (rare
   * ones); a page never ranks every match. The part read second (the others, or for a previous
   * page the title matches) is read only when the first does not fill the page.
   */
  function matching(q: string, { tags, cursor, limit }: PoemSearchQuery, viewer: Viewer) {
    const { values, param } = queryParams();
    const columns = poemColumns(param(viewer));
    const at = decodeCursor(cursor, keyShape(TITLE_MATCHES_FIRST));
    const [inTitle, ...key] = at?.key ?? [];
    const direction = at?.direction ?? 'after';
    /** SQL: the rows of the part whose `in_title` is `part` that lie past the cursor, in the direction read. */
    const past = (part: number) => {
      if (at === undefined) return 'TRUE';
      if (inTitle === part) return keysetSql(PUBLISHED, { direction, key }, param).after;
      const partComesLater = direction === 'after' ? (inTitle as number) > part : (inTitle as number) < part;
      return partComesLater ? 'TRUE' : 'FALSE';
    };
    const [first, second] = direction === 'after' ? SEARCH_PARTS : [...SEARCH_PARTS].reverse();
    const words = `CROSS JOIN websearch_to_tsquery('english', ${param(q)}) AS q(query)`;
    const tagged = tags?.length ? `AND p.tags @> ${param(tags)}::text[]` : '';
    const rows = param(limit + 1);
    const published = keysetOrder(PUBLISHED, direction).orderBy;
    const order = keysetOrder(TITLE_MATCHES_FIRST, direction);
    /** The poems of `part`, past the cursor. */
    const partSql = (part: SearchPart) =>
      `SELECT p.id, p.published_at FROM poem p ${words}
       WHERE p.is_published AND ${part.test} ${tagged} AND ${past(part.inTitle)}`;
    return pagePlannedPerCall<PoemRow>(
      `WITH first_part AS (
         ${partSql(first)}
         ORDER BY ${published} LIMIT ${rows})
       SELECT ${columns}, ${order.keySelect} AS "pageKey"
       FROM (
         SELECT id, published_at, ${first.inTitle} AS in_title FROM first_part
         UNION ALL
         SELECT id, published_at, ${second.inTitle} FROM (
           ${partSql(second)}
             AND (SELECT count(*) FROM first_part) < ${rows}
           ORDER BY ${published} LIMIT ${rows}) second_part
       ) m JOIN poem p ON p.id = m.id JOIN author a ON a.id = p.author_id
       ORDER BY ${order.orderBy} LIMIT ${rows}`,
      values,
      limit,
      at,
    );
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

    /**
     * The published poem `poemId` as `viewer` sees it, and what is around it: the newest other
     * published poems of its author (poem_published_author_id_published_at_index) and, when
     * `collectionId` is a public collection showing it, that collection and the poems on each side
     * of it there (collection_poem_published_index, a row each way).
     */
    around: (poemId: string, collectionId: string | null, viewer: Viewer) =>
      one<AroundRow>(
        `SELECT ${poemColumns('$4')},
           (SELECT coalesce(json_agg(${poemLinkJson('o')} ORDER BY o.published_at DESC, o.id DESC), '[]')
            FROM (SELECT q.id, q.title, q.published_at FROM poem q
              WHERE q.author_id = p.author_id AND q.is_published AND q.id <> p.id
              ORDER BY q.published_at DESC, q.id DESC LIMIT $3) o) AS "moreByAuthor",
           (SELECT json_build_object('id', c.id, 'title', c.title, 'owner', ${authorSummaryJson('w')},
              'previous', ${collectionNeighbour('>')}, 'next', ${collectionNeighbour('<')})
            FROM collection c JOIN author w ON w.id = c.owner_id
            JOIN collection_poem cp ON cp.collection_id = c.id AND cp.poem_id = p.id AND ${shownPublicly('cp')}
            WHERE c.id = $2::uuid AND c.is_public) AS collection
         FROM poem p JOIN author a ON a.id = p.author_id
         WHERE p.id = $1 AND p.is_published`,
        [poemId, collectionId, MORE_BY_AUTHOR_MAX, viewer],
      ),

    /** The poem whose share key this is, in any state. */
    shared: (shareKey: string, viewer: Viewer) =>
      one(
        `SELECT ${poemColumns('$1')} FROM poem p JOIN author a ON a.id = p.author_id
         WHERE p.share_key = $2`,
        [viewer, shareKey],
      ),

    /** One of the owner's poems, in any state. */
    owned: (poemId: string, ownerId: string) =>
      one<MyPoemRow>(
        `SELECT ${myPoemColumns('$1')} FROM poem p JOIN author a ON a.id = p.author_id
         WHERE p.id = $2 AND p.author_id = $1`,
        [ownerId, poemId],
      ),

    /** The owner's poems in any state, most recently updated first. */
    listOwned(ownerId: string, query: PageQuery) {
      const { values, param } = queryParams();
      const me = param(ownerId);
      const keyset = keysetAfter(UPDATED, query.cursor, param);
      return page<MyPoemRow>(
        `SELECT ${myPoemColumns(me)}, ${keyset.keySelect} AS "pageKey"
         FROM poem p JOIN author a ON a.id = p.author_id
         WHERE p.author_id = ${me}::uuid AND ${keyset.after}
         ORDER BY ${keyset.orderBy} LIMIT ${param(query.limit + 1)}`,
        values,
        query.limit,
        keyset.at,
      );
    },

    /** The author's published poems, newest published first. */
    listPublishedBy(authorId: string, viewer: Viewer, query: PageQuery) {
      const { values, param } = queryParams();
      const keyset = keysetAfter(PUBLISHED, query.cursor, param);
      return page<PoemRow>(
        `SELECT ${poemColumns(param(viewer))}, ${keyset.keySelect} AS "pageKey"
         FROM poem p JOIN author a ON a.id = p.author_id
         WHERE p.author_id = ${param(authorId)}::uuid AND p.is_published AND ${keyset.after}
         ORDER BY ${keyset.orderBy} LIMIT ${param(query.limit + 1)}`,
        values,
        query.limit,
        keyset.at,
      );
    },

    /**
     * Published poems by the authors the viewer follows or shown by the public collections they
     * follow, each once, latest arrival first. A poem arrives at its `published_at` from a followed
     * author, at `greatest(published_at, added_at)` from a collection; it is listed at its earliest
     * arrival. Each way contributes at most a page of candidates after the cursor from an index (a
     * lateral scan per followed author and per followed collection), so a page costs the same
     * however much the followed authors have written. A collection's scan passes over the poems
     * that arrive earlier another way (those of followed authors, or through another followed
     * collection), so that every poem has one way of arriving and the candidates hold the page.
     */
    feed(viewer: string, query: PageQuery) {
      const { values, param } = queryParams();
      const me = param(viewer);
      const limit = param(query.limit + 1);
      const at = decodeCursor(query.cursor, keyShape(ARRIVED));
      const fromAuthor = keysetSql(ARRIVED_FROM_AUTHOR, at, param);
      const fromCollection = keysetSql(ARRIVED_FROM_COLLECTION, at, param);
      const arrival = keysetOrder(ARRIVED, at?.direction);
      return page<PoemRow>(
        `SELECT ${poemColumns(me)}, ${arrival.keySelect} AS "pageKey"
         FROM (
           SELECT latest.id, latest.published_at AS arrived_at FROM author_follow af
           CROSS JOIN LATERAL (
             SELECT q.id, q.published_at FROM poem q
             WHERE q.author_id = af.followee_id AND q.is_published AND ${fromAuthor.after}
             ORDER BY ${fromAuthor.orderBy} LIMIT ${limit}) latest
           WHERE af.follower_id = ${me}::uuid
           UNION ALL
           SELECT shown.poem_id, shown.arrived_at FROM collection_follow cf
           JOIN collection c ON c.id = cf.collection_id AND c.is_public
           CROSS JOIN LATERAL (
             SELECT cp.poem_id, greatest(cp.poem_published_at, cp.added_at) AS arrived_at
             FROM collection_poem cp
             WHERE cp.collection_id = c.id AND cp.poem_published_at IS NOT NULL AND NOT cp.is_hidden
               AND ${fromCollection.after}
               AND NOT EXISTS (SELECT 1 FROM author_follow xf WHERE xf.follower_id = ${me}::uuid
                 AND xf.followee_id = (SELECT x.author_id FROM poem x WHERE x.id = cp.poem_id))
               AND NOT EXISTS (SELECT 1 FROM collection_poem o
                 JOIN collection_follow ocf ON ocf.collection_id = o.collection_id AND ocf.author_id = ${me}::uuid
                 JOIN collection oc ON oc.id = o.collection_id AND oc.is_public
                 WHERE o.poem_id = cp.poem_id AND o.poem_published_at IS NOT NULL AND NOT o.is_hidden
                   AND (greatest(o.poem_published_at, o.added_at), o.collection_id)
                     < (greatest(cp.poem_published_at, cp.added_at), cp.collection_id))
             ORDER BY ${fromCollection.orderBy} LIMIT ${limit}) shown
           WHERE cf.author_id = ${me}::uuid
         ) f
         JOIN poem p ON p.id = f.id JOIN author a ON a.id = p.author_id
         ORDER BY ${arrival.orderBy} LIMIT ${limit}`,
        values,
        query.limit,
        at,
      );
    },

    /**
     * Published poems carrying every tag given: those matching `q` (websearch syntax, English
     * stemming, over title, tags, author's name and body) title matches first, then the others,
     * each newest published first; without `q` newest published first.
     */
    search(query: PoemSearchQuery, viewer: Viewer) {
      if (query.q) return matching(query.q, query, viewer);
      const [firstTag, ...otherTags] = query.tags ?? [];
      if (firstTag !== undefined) return taggedWith([firstTag, ...otherTags], viewer, query);
      const { values, param } = queryParams();
      const keyset = keysetAfter(PUBLISHED, query.cursor, param);
      return page<PoemRow>(
        `SELECT ${poemColumns(param(viewer))}, ${keyset.keySelect} AS "pageKey"
         FROM poem p JOIN author a ON a.id = p.author_id
         WHERE p.is_published AND ${keyset.after}
         ORDER BY ${keyset.orderBy} LIMIT ${param(query.limit + 1)}`,
        values,
        query.limit,
        keyset.at,
      );
    },

    /** The published poems `viewer` likes, most recently liked first. */
    liked(viewer: string, query: PageQuery) {
      const { values, param } = queryParams();
      const me = param(viewer);
      const keyset = keysetAfter(LATEST_LIKED, query.cursor, param);
      return page<PoemRow>(
        `SELECT ${poemColumns(me)}, ${keyset.keySelect} AS "pageKey"
         FROM poem_like l JOIN poem p ON p.id = l.poem_id JOIN author a ON a.id = p.author_id
         WHERE l.author_id = ${me}::uuid AND p.is_published AND ${keyset.after}
         ORDER BY ${keyset.orderBy} LIMIT ${param(query.limit + 1)}`,
        values,
        query.limit,
        keyset.at,
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
        keyset.at,
      );
    },
  };
}

export type PoemQueries = ReturnType<typeof createPoemQueries>;
