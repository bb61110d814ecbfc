/**
 * SQL predicate: the membership aliased `alias` (a `collection_poem` row) is in its collection's
 * public view: its poem is published (`poem_published_at`, kept by triggers) and the membership is
 * not hidden. It is the condition of collection_poem_published_index.
 */
export const shownPublicly = (alias: string) =>
  `${alias}.poem_published_at IS NOT NULL AND NOT ${alias}.is_hidden`;
