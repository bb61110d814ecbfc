/**
 * The SQL of the API's read models for the benchmarked routes, written out once more by hand:
 * the floor must do the database work the API does and nothing else.
 */

const authorSummary = `json_build_object('id', a.id, 'username', a.username, 'firstname', a.firstname,
  'lastname', a.lastname, 'profilePhotoKey', a.profile_photo_key)`;

/**
 * The API's `poemColumns` from `poem p JOIN author a`, `liked_by_me` for the viewer in $1, and
 * the `more` columns after them.
 */
export const poemSelect = (source = 'poem', more = '') => `
  SELECT p.id, p.title, p.body, p.tags, p.is_published AS "isPublished", p.published_at AS "publishedAt",
    p.created_at AS "createdAt", p.updated_at AS "updatedAt", p.like_count AS "likeCount",
    p.read_count::float8 AS "readCount", p.clicked_count::float8 AS "clickedCount",
    p.shared_count::float8 AS "sharedCount", ${authorSummary} AS author,
    EXISTS (SELECT 1 FROM poem_like l WHERE l.poem_id = p.id AND l.author_id = $1::uuid) AS "likedByMe"${more}
  FROM ${source} p JOIN author a ON a.id = p.author_id`;

/** A list row's key, as the API's keyset pages select it: the next page's cursor. */
const pageKey = (...columns: string[]) => `, json_build_array(${columns.join(', ')}) AS "pageKey"`;
const PUBLISHED_KEY = pageKey('p.published_at::text', 'p.id');
/** What only a poem's author sees of it, and its key in `/api/me/poem` (most recently updated first). */
const MY_POEM = `, p.share_key AS "shareKey", p.publish_at AS "publishAt"${pageKey('p.updated_at::text', 'p.id')}`;

/** The API's search rank: title matches first, then by rank over every weight. */
const SEARCH_RANK = `((ts_rank('{0, 0, 0, 1}', p.search, q.query) > 0)::int + ts_rank(p.search, q.query, 32))::float8`;

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
  topAuthors: `SELECT a.id, a.username, a.firstname, a.lastname, a.bio,
      a.profile_photo_key AS "profilePhotoKey", a.profile_banner_photo_key AS "profileBannerPhotoKey",
      a.profile_share_image_key AS "profileShareImageKey", a.poems_count AS "poemsCount", a.collections_count AS "collectionsCount",
      a.followers_count AS "followersCount", a.following_count AS "followingCount", a.created_at AS "createdAt",
      EXISTS (SELECT 1 FROM author_follow v WHERE v.follower_id = $1::uuid AND v.followee_id = a.id) AS "followedByMe",
      a.likes_received_count AS "likes"
    FROM author a ORDER BY a.likes_received_count DESC, a.id DESC LIMIT $2`,
  search: `${poemSelect('poem', pageKey(SEARCH_RANK, 'p.id'))}
    CROSS JOIN websearch_to_tsquery('english', $2) AS q(query)
    WHERE p.is_published AND p.search @@ q.query
    ORDER BY ${SEARCH_RANK} DESC, p.id DESC LIMIT $3`,
};
