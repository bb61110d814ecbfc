import { authorColumns, authorList, pageKey } from './sql.js';

/** The API's author reads (`authors/queries.ts`, `likers` in `poems/queries.ts`), first pages, the viewer in $1. */
export const AUTHOR_SQL = {
  author: `SELECT ${authorColumns} FROM author a WHERE a.id = $2::uuid`,
  // The author's row joined to the page, so that an author without followers still answers a row.
  followers: `SELECT page.* FROM author t
    LEFT JOIN LATERAL (
      SELECT ${authorColumns}${pageKey('f.created_at::text', 'f.follower_id')}
      FROM author_follow f JOIN author a ON a.id = f.follower_id
      WHERE f.followee_id = t.id
      ORDER BY f.created_at DESC, f.follower_id DESC LIMIT $2
    ) page ON TRUE
    WHERE t.id = $3::uuid`,
  likers: `SELECT ${authorColumns}${pageKey('l.created_at::text', 'l.author_id')}
    FROM poem_like l JOIN author a ON a.id = l.author_id
    WHERE l.poem_id = $3::uuid ORDER BY l.created_at DESC, l.author_id DESC LIMIT $2`,
  featuredAuthors: authorList(['a.followers_count', 'a.id']),
  newAuthors: authorList(['a.id']),
  genreAuthors: `WITH genre AS MATERIALIZED (
      SELECT DISTINCT p.author_id FROM poem_tag t JOIN poem p ON p.id = t.poem_id WHERE t.tag = $3)
    SELECT ${authorColumns}${pageKey('a.likes_received_count', 'a.id')}
    FROM genre g JOIN author a ON a.id = g.author_id
    ORDER BY a.likes_received_count DESC, a.id DESC LIMIT $2`,
};
