import { genreTag } from '@poetry/contract';
import type { KeyColumn } from '../../db/keyset-order.js';
import type { AuthorListQuery } from './author-read-model.js';

// Each order is served by an index of the initial migration (`author_*_count_id_index`, the
// primary key); ties go to the newest author.
const BY_FOLLOWERS: readonly KeyColumn[] = [
  { sql: 'a.followers_count', part: 'int' },
  { sql: 'a.id', part: 'uuid' },
];
const BY_LIKES: readonly KeyColumn[] = [
  { sql: 'a.likes_received_count', part: 'int' },
  { sql: 'a.id', part: 'uuid' },
];
// Ids are UUID v7: newest first.
const NEWEST: readonly KeyColumn[] = [{ sql: 'a.id', part: 'uuid' }];

const everyone = () => 'TRUE';

const NAMED_LISTS = new Map<string, AuthorListQuery>([
  ['featured', { where: everyone, order: BY_FOLLOWERS }],
  ['top', { where: everyone, order: BY_LIKES }],
  ['new', { where: everyone, order: NEWEST }],
]);

/** Authors with at least one published poem tagged `tag` (the GIN index on `poem.tags` finds them). */
const genre = (tag: string): AuthorListQuery => ({
  where: (param) =>
    `EXISTS (SELECT 1 FROM poem p
      WHERE p.author_id = a.id AND p.is_published AND p.tags @> ARRAY[${param(tag)}::text])`,
  order: BY_LIKES,
});

/**
 * The query of the list `listId` (`featured`, `top`, `new` or `genre:<tag>`), or undefined when
 * there is no such list. The tag is normalised as poems store it; one no poem could carry names
 * no list.
 */
export function authorListQuery(listId: string): AuthorListQuery | undefined {
  const tag = genreTag(listId);
  return tag === undefined ? NAMED_LISTS.get(listId) : genre(tag);
}
