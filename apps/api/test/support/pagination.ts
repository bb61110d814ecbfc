export type PageInput = { limit: number; cursor?: string };

/**
 * Every item of a paginated list, following `next_cursor` page by page, and calling `between`
 * after each page (to insert records while the list is being read).
 */
export async function collectPages<T>(
  fetchPage: (page: PageInput) => Promise<{ items: T[]; next_cursor: string | null }>,
  limit: number,
  between: () => Promise<unknown> = async () => {},
): Promise<T[]> {
  const all: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await fetchPage({ limit, ...(cursor ? { cursor } : {}) });
    all.push(...page.items);
    cursor = page.next_cursor ?? undefined;
    // A list that answers a cursor it gave before would never end.
    if (cursor && seen.has(cursor)) throw new Error(`the list gave the cursor ${cursor} twice`);
    if (cursor) seen.add(cursor);
    await between();
  } while (cursor);
  return all;
}
