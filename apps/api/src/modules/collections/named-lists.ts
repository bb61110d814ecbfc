import { Tag } from '@poetry/contract';
import type { CollectionFilter, CollectionOrder } from './collection-queries.js';

const GENRE_PREFIX = 'genre:';

/**
 * The named lists of public collections: `featured` (most followers), `new` (newest first) and
 * `genre:<tag>` (carrying the tag, most followers first). Undefined for any other list id.
 */
export function namedList(listId: string): { filter: CollectionFilter; order: CollectionOrder } | undefined {
  if (listId === 'featured') return { filter: { publicOnly: true }, order: 'mostFollowed' };
  if (listId === 'new') return { filter: { publicOnly: true }, order: 'newest' };
  if (listId.startsWith(GENRE_PREFIX)) {
    const tag = Tag.safeParse(listId.slice(GENRE_PREFIX.length));
    if (tag.success) return { filter: { publicOnly: true, tag: tag.data }, order: 'mostFollowed' };
  }
  return undefined;
}
