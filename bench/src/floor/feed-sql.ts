import { pageKey, poemColumns } from './sql.js';

/**
 * The API's `feed` (`poems/queries.ts`), its first page for the reader in $1, $2 rows: up to a
 * page of candidates from each followed author and each followed public collection, a poem
 * listed once at its earliest arrival, latest arrival first.
 */
export const FEED_SQL = {
  feed: `SELECT ${poemColumns}${pageKey('f.arrived_at::text', 'f.id')}
    FROM (
      SELECT latest.id, latest.published_at AS arrived_at FROM author_follow af
      CROSS JOIN LATERAL (
        SELECT q.id, q.published_at FROM poem q
        WHERE q.author_id = af.followee_id AND q.is_published
        ORDER BY q.published_at DESC, q.id DESC LIMIT $2) latest
      WHERE af.follower_id = $1::uuid
      UNION ALL
      SELECT shown.poem_id, shown.arrived_at FROM collection_follow cf
      JOIN collection c ON c.id = cf.collection_id AND c.is_public
      CROSS JOIN LATERAL (
        SELECT cp.poem_id, greatest(cp.poem_published_at, cp.added_at) AS arrived_at
        FROM collection_poem cp
        WHERE cp.collection_id = c.id AND cp.poem_published_at IS NOT NULL AND NOT cp.is_hidden
          AND NOT EXISTS (SELECT 1 FROM author_follow xf WHERE xf.follower_id = $1::uuid
            AND xf.followee_id = (SELECT x.author_id FROM poem x WHERE x.id = cp.poem_id))
          AND NOT EXISTS (SELECT 1 FROM collection_poem o
            JOIN collection_follow ocf ON ocf.collection_id = o.collection_id AND ocf.author_id = $1::uuid
            JOIN collection oc ON oc.id = o.collection_id AND oc.is_public
            WHERE o.poem_id = cp.poem_id AND o.poem_published_at IS NOT NULL AND NOT o.is_hidden
              AND (greatest(o.poem_published_at, o.added_at), o.collection_id)
                < (greatest(cp.poem_published_at, cp.added_at), cp.collection_id))
        ORDER BY greatest(cp.poem_published_at, cp.added_at) DESC, cp.poem_id DESC LIMIT $2) shown
      WHERE cf.author_id = $1::uuid
    ) f
    JOIN poem p ON p.id = f.id JOIN author a ON a.id = p.author_id
    ORDER BY f.arrived_at DESC, f.id DESC LIMIT $2`,
};
