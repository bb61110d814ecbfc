/**
 * The SQL of the API's read models for the benchmarked routes, written out once more by hand:
 * the floor must do the database work the API does and nothing else.
 */

/** The API's `authorSummaryJson(alias)`. */
export const authorSummary = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'username', ${alias}.username, 'firstname', ${alias}.firstname,
    'lastname', ${alias}.lastname, 'profilePhotoKey', ${alias}.profile_photo_key,
    'profileShareImageKey', ${alias}.profile_share_image_key)`;

/** The API's `poemColumns` of `poem p JOIN author a`, with `liked_by_me` for the viewer in $1. */
export const poemColumns = `p.id, p.title, p.body, p.tags, p.is_published AS "isPublished", p.published_at AS "publishedAt",
    p.created_at AS "createdAt", p.updated_at AS "updatedAt", p.like_count AS "likeCount",
    p.read_count::float8 AS "readCount", p.clicked_count::float8 AS "clickedCount",
    p.shared_count::float8 AS "sharedCount", ${authorSummary('a')} AS author,
    EXISTS (SELECT 1 FROM poem_like l WHERE l.poem_id = p.id AND l.author_id = $1::uuid) AS "likedByMe"`;

/** `poemColumns` from `poem p JOIN author a`, and the `more` columns after them. */
export const poemSelect = (source = 'poem', more = '') => `
  SELECT ${poemColumns}${more} FROM ${source} p JOIN author a ON a.id = p.author_id`;

/** A list row's key, as the API's keyset pages select it: the next page's cursor. */
export const pageKey = (...columns: string[]) => `, json_build_array(${columns.join(', ')}) AS "pageKey"`;
const PUBLISHED_KEY = pageKey('p.published_at::text', 'p.id');
/** What only a poem's author sees of it, and its key in `/api/me/poem` (most recently updated first). */
const MY_POEM = `, p.share_key AS "shareKey", p.publish_at AS "publishAt"${pageKey('p.updated_at::text', 'p.id')}`;

/** The API's `authorColumnsFor('a', '$1')`: an author's public fields, and whether the viewer in $1 follows them. */
export const authorColumns = `a.id, a.username, a.firstname, a.lastname, a.bio,
  a.profile_photo_key AS "profilePhotoKey", a.profile_banner_photo_key AS "profileBannerPhotoKey",
  a.profile_share_image_key AS "profileShareImageKey", a.poems_count AS "poemsCount", a.collections_count AS "collectionsCount",
  a.followers_count AS "followersCount", a.following_count AS "followingCount", a.created_at AS "createdAt",
  EXISTS (SELECT 1 FROM author_follow v WHERE v.follower_id = $1::uuid AND v.followee_id = a.id) AS "followedByMe"`;

/** A first page of the authors `filter` keeps, ordered by the `key` columns (all descending), `$limit` rows. */
export const authorList = (key: string[], filter = 'TRUE', limit = '$2') =>
  `SELECT ${authorColumns}${pageKey(...key)} FROM author a WHERE ${filter}
    ORDER BY ${key.map((column) => `${column} DESC`).join(', ')} LIMIT ${limit}`;

/** The poems of one part of the API's search that `test` keeps, for the words in $2. */
const searchPart = (test: string) => `SELECT p.id, p.published_at FROM poem p
    CROSS JOIN websearch_to_tsquery('english', $2) AS q(query) WHERE p.is_published AND ${test}`;

export const SQL = {
  session: 'SELECT sess FROM "session" WHERE sid = $1 AND expire >= to_timestamp($2)',
  touchSession: 'UPDATE "session" SET expire = to_timestamp($1) WHERE sid = $2',
  publishedPoem: `${poemSelect()} WHERE p.id = $2 AND p.is_published`,
  resolveAuthor: 'SELECT a.id FROM author a WHERE a.id = $1::uuid',
  authorsPoems: `${poemSelect('poem', PUBLISHED_KEY)} WHERE p.author_id = $2 AND p.is_published
    ORDER BY p.published_at DESC, p.id DESC LIMIT $3`,
  authorsPoemsAfter: `${poemSelect('poem', PUBLISHED_KEY)} WHERE p.author_id = $2 AND p.is_published
    AND (p.published_at, p.id) < ($4::timestamptz, $5::uuid)
    ORDER BY p.published_at DESC, p.id DESC LIMIT $3`,
  myPoems: `${poemSelect('poem', MY_POEM)} WHERE p.author_id = $1 ORDER BY p.updated_at DESC, p.id DESC LIMIT $2`,
  incrementRead: `WITH updated AS (UPDATE poem SET read_count = read_count + 1 WHERE id = $2 AND is_published RETURNING *)
    ${poemSelect('updated')}`,
  like: `INSERT INTO poem_like (poem_id, author_id) SELECT id, $1 FROM poem WHERE id = $2 AND is_published
    ON CONFLICT DO NOTHING`,
  unlike: 'DELETE FROM poem_like WHERE poem_id = $2 AND author_id = $1',
  topAuthors: authorList(['a.likes_received_count', 'a.id']),
  /** The API's search (`matching`), first page: title matches, then the others, each newest first. */
  search: `WITH title_matches AS (
      ${searchPart('p.title_search @@ q.query AND (p.search @@ q.query) IS TRUE')}
      ORDER BY p.published_at DESC, p.id DESC LIMIT $3)
    SELECT ${poemColumns}${pageKey('m.in_title', 'm.published_at::text', 'm.id')}
    FROM (
      SELECT id, published_at, 1 AS in_title FROM title_matches
      UNION ALL
      SELECT id, published_at, 0 FROM (
        ${searchPart('p.search @@ q.query AND NOT p.title_search @@ q.query')}
          AND (SELECT count(*) FROM title_matches) < $3
        ORDER BY p.published_at DESC, p.id DESC LIMIT $3) other_matches
    ) m JOIN poem p ON p.id = m.id JOIN author a ON a.id = p.author_id
    ORDER BY m.in_title DESC, m.published_at DESC, m.id DESC LIMIT $3`,
};
