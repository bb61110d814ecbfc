import { authorSummary, pageKey, poemSelect } from './sql.js';

/**
 * The API's `collectionColumns` of `collection c JOIN author o` for the viewer in $1: the count of
 * the poems they see in it, and whether they follow it.
 */
const collectionColumns = `c.id, c.title, c.description, c.tags, c.is_public AS "isPublic", c.image_key AS "imageKey",
  c.followers_count AS "followersCount", c.created_at AS "createdAt", c.updated_at AS "updatedAt",
  ${authorSummary('o')} AS owner,
  (SELECT count(*)::int FROM collection_poem cp JOIN poem p ON p.id = cp.poem_id
    WHERE cp.collection_id = c.id AND CASE WHEN c.owner_id = $1::uuid THEN p.author_id = c.owner_id OR p.is_published
      ELSE p.is_published AND NOT cp.is_hidden END) AS "poemsCount",
  EXISTS (SELECT 1 FROM collection_follow f WHERE f.collection_id = c.id AND f.author_id = $1::uuid) AS "followedByMe"`;

/** The API's `listPublic`: a first page of public collections `filter` keeps, by `key` (all descending). */
const publicList = (key: string[], filter = '') =>
  `SELECT ${collectionColumns}${pageKey(...key)} FROM collection c JOIN author o ON o.id = c.owner_id
    WHERE c.is_public ${filter}
    ORDER BY ${key.map((column) => `${column} DESC`).join(', ')} LIMIT $2`;

const MOST_FOLLOWED = ['c.followers_count', 'c.id'];

/** The API's collection reads (`collections/queries.ts`), first pages, the viewer in $1. */
export const COLLECTION_SQL = {
  featuredCollections: publicList(MOST_FOLLOWED),
  newCollections: publicList(['c.id']),
  genreCollections: publicList(MOST_FOLLOWED, 'AND c.tags @> ARRAY[$3]::text[]'),
  // `publicPoems` with a tag filter: the collection's row joined to the page, so that a public
  // collection with no such poem still answers a row.
  taggedCollectionPoems: `WITH target AS (
      SELECT c.id, c.owner_id FROM collection c WHERE c.id = $3::uuid AND c.owner_id = $4::uuid AND c.is_public)
    SELECT c.owner_id AS "collectionOwnerId", m.* FROM target c
    LEFT JOIN LATERAL (
      SELECT pr.*${pageKey('cp.poem_published_at::text', 'cp.poem_id')}
      FROM collection_poem cp
      CROSS JOIN LATERAL (${poemSelect()} WHERE p.id = cp.poem_id AND p.is_published AND p.tags @> $5::text[]) pr
      WHERE cp.collection_id = c.id AND cp.poem_published_at IS NOT NULL AND NOT cp.is_hidden
      ORDER BY cp.poem_published_at DESC, cp.poem_id DESC LIMIT $2
    ) m ON TRUE`,
};
