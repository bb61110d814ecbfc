import type { Poem } from '@poetry/contract';
import { type AuthorSummaryFields, authorSummaryJson, toAuthorSummary } from './author-view.js';

/** A poem as the read queries return it (see `poemColumns`). */
export type PoemRow = {
  id: string;
  title: string;
  body: string;
  tags: string[];
  isPublished: boolean;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  likeCount: number;
  readCount: number;
  clickedCount: number;
  sharedCount: number;
  author: AuthorSummaryFields;
  likedByMe: boolean;
};

/**
 * SQL: the select list of `PoemRow` from the poem aliased `p` and its author aliased `a`, with
 * `likedByMe` for the viewer id in `viewerPlaceholder` (NULL for anonymous callers).
 */
export const poemColumns = (viewerPlaceholder: string) => `
  p.id, p.title, p.body, p.tags, p.is_published AS "isPublished", p.published_at AS "publishedAt",
  p.created_at AS "createdAt", p.updated_at AS "updatedAt", p.like_count AS "likeCount",
  p.read_count::float8 AS "readCount", p.clicked_count::float8 AS "clickedCount",
  p.shared_count::float8 AS "sharedCount",
  ${authorSummaryJson('a')} AS author,
  EXISTS (SELECT 1 FROM poem_like l WHERE l.poem_id = p.id AND l.author_id = ${viewerPlaceholder}::uuid) AS "likedByMe"`;

export function toPoem(row: PoemRow, publicUrl: string, membership?: { isHidden: boolean }): Poem {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    tags: row.tags,
    is_published: row.isPublished,
    published_at: row.publishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    author: toAuthorSummary(row.author, publicUrl),
    like_count: row.likeCount,
    liked_by_me: row.likedByMe,
    metrics: { read: row.readCount, clicked: row.clickedCount, shared: row.sharedCount },
    ...(membership ? { is_hidden: membership.isHidden } : {}),
  };
}
