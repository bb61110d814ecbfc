import type { Collection } from '@poetry/contract';
import { mediaUrl } from '../../media/media-url.js';
import { type AuthorSummaryFields, authorSummaryJson, toAuthorSummary } from '../shared/author-view.js';

/**
 * SQL predicate: the collection `c` is visible to the viewer in parameter `viewerParam` (NULL for
 * anonymous callers): public, or their own.
 */
export const collectionVisibleTo = (viewerParam: string) =>
  `(c.is_public OR c.owner_id = ${viewerParam}::uuid)`;

/**
 * SQL predicate: the viewer sees poem `p` through its membership `cp` in collection `c`. The owner
 * sees their own poems in any state and other authors' published poems, hidden ones included;
 * everyone else sees published poems in memberships that are not hidden.
 */
export const poemVisibleIn = (viewerParam: string) => `
  CASE WHEN c.owner_id = ${viewerParam}::uuid THEN p.author_id = c.owner_id OR p.is_published
    ELSE p.is_published AND NOT cp.is_hidden END`;

/** A collection as the read queries return it (see `collectionColumns`). */
export type CollectionRow = {
  id: string;
  title: string;
  description: string;
  tags: string[];
  isPublic: boolean;
  imageKey: string | null;
  owner: AuthorSummaryFields;
  poemsCount: number;
  followersCount: number;
  followedByMe: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * SQL: the select list of `CollectionRow` from `collection c JOIN author o` (`COLLECTION_FROM`),
 * with `poems_count` and `followed_by_me` for the viewer id in parameter `viewerParam`.
 */
export const collectionColumns = (viewerParam: string) => `
  c.id, c.title, c.description, c.tags, c.is_public AS "isPublic", c.image_key AS "imageKey",
  c.followers_count AS "followersCount", c.created_at AS "createdAt", c.updated_at AS "updatedAt",
  ${authorSummaryJson('o')} AS owner,
  (SELECT count(*)::int FROM collection_poem cp JOIN poem p ON p.id = cp.poem_id
    WHERE cp.collection_id = c.id AND ${poemVisibleIn(viewerParam)}) AS "poemsCount",
  EXISTS (SELECT 1 FROM collection_follow f
    WHERE f.collection_id = c.id AND f.author_id = ${viewerParam}::uuid) AS "followedByMe"`;

export const COLLECTION_FROM = 'FROM collection c JOIN author o ON o.id = c.owner_id';

export function toCollection(row: CollectionRow, publicUrl: string): Collection {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    tags: row.tags,
    is_public: row.isPublic,
    image_url: mediaUrl(publicUrl, row.imageKey),
    owner: toAuthorSummary(row.owner, publicUrl),
    poems_count: row.poemsCount,
    followers_count: row.followersCount,
    followed_by_me: row.followedByMe,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
