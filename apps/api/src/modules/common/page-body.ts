import type { Page } from './keyset.js';

/** The body of a list answer: the page's items under `key`, and the cursor of the next page. */
export function pageBody<Key extends string, Row, Item>(
  key: Key,
  page: Page<Row>,
  toItem: (row: Row) => Item,
): { [K in Key]: Item[] } & { next_cursor: string | null } {
  return { [key]: page.items.map(toItem), next_cursor: page.nextCursor } as { [K in Key]: Item[] } & {
    next_cursor: string | null;
  };
}
