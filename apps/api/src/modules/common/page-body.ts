import type { Page } from './keyset.js';

type PageCursors = { next_cursor: string | null; prev_cursor: string | null };

/** The body of a list answer: the page's items under `key`, and the cursors of the pages after and before it. */
export function pageBody<Key extends string, Row, Item>(
  key: Key,
  page: Page<Row>,
  toItem: (row: Row) => Item,
): { [K in Key]: Item[] } & PageCursors {
  return {
    [key]: page.items.map(toItem),
    next_cursor: page.nextCursor,
    prev_cursor: page.prevCursor,
  } as { [K in Key]: Item[] } & PageCursors;
}
