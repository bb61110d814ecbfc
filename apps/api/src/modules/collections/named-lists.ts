import { genreTag } from '@poetry/contract';
import type { CollectionFilter, CollectionOrder } from './collection-queries.js';

/**
 * The named lists of public collections: `featured` (most followers), `new` (newest first) and
 * `genre:<tag>` (carrying the tag, most followers first). Undefined for any other list id.
 */
export function namedList(listId: string): { filter: CollectionFilter; order: CollectionOrder } | undefined {
  if (listId === 'featured') return { filter: { publicOnly: true }, order: 'mostFollowed' };
  if (listId === 'new') return { filter: { publicOnly: true }, order: 'newest' };
  const tag = genreTag(listId);
  return tag === undefined ? undefined : { filter: { publicOnly: true, tag }, order: 'mostFollowed' };
}
