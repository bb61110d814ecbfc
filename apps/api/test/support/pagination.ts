import { expect } from 'vitest';

export type PageInput = { limit: number; cursor?: string };

/** A page of a list, its items under `items`. */
export type ListPage<T> = { items: T[]; next_cursor: string | null; prev_cursor: string | null };

/**
 * Every page of a paginated list, following `next_cursor` page by page, and calling `between`
 * after each page (to insert records while the list is being read). Without `between` (the list
 * stays as it is), the pages are then read again backwards from the last, following
 * `prev_cursor`: each must be the page reached forwards, items in the same order, and the first
 * page alone has no `prev_cursor`.
 */
export async function readPages<T>(
  fetchPage: (page: PageInput) => Promise<ListPage<T>>,
  limit: number,
  between?: () => Promise<unknown>,
): Promise<T[][]> {
  const pages: ListPage<T>[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await fetchPage({ limit, ...(cursor ? { cursor } : {}) });
    pages.push(page);
    cursor = page.next_cursor ?? undefined;
    // A list that answers a cursor it gave before would never end.
    if (cursor && seen.has(cursor)) throw new Error(`the list gave the cursor ${cursor} twice`);
    if (cursor) seen.add(cursor);
    await between?.();
  } while (cursor);
  if (!between) await expectSamePagesBackwards(fetchPage, limit, pages);
  return pages.map((page) => page.items);
}

async function expectSamePagesBackwards<T>(
  fetchPage: (page: PageInput) => Promise<ListPage<T>>,
  limit: number,
  forwards: ListPage<T>[],
) {
  expect(
    forwards.map((page) => page.prev_cursor === null),
    'which pages reached forwards have no previous page',
  ).toEqual(forwards.map((_, index) => index === 0));
  for (let index = forwards.length - 1; index > 0; index -= 1) {
    const cursor = (forwards[index] as ListPage<T>).prev_cursor ?? undefined;
    const page = await fetchPage({ limit, cursor });
    const reached = forwards[index - 1] as ListPage<T>;
    expect(page.items, `page ${index} of ${forwards.length}, reached backwards`).toEqual(reached.items);
    expect(page.prev_cursor === null, `page ${index} of ${forwards.length} is the first`).toBe(index === 1);
    const following = await fetchPage({ limit, cursor: page.next_cursor ?? undefined });
    expect(following.items, `the page after page ${index}, reached backwards`).toEqual(
      (forwards[index] as ListPage<T>).items,
    );
  }
}

/** Every item of a paginated list: `readPages`, its pages one after another. */
export async function collectPages<T>(
  fetchPage: (page: PageInput) => Promise<ListPage<T>>,
  limit: number,
  between?: () => Promise<unknown>,
): Promise<T[]> {
  return (await readPages(fetchPage, limit, between)).flat();
}
