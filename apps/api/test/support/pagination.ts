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
  let cursor: string | undefined;
  do {
    const page = await fetchPage({ limit, ...(cursor ? { cursor } : {}) });
    all.push(...page.items);
    cursor = page.next_cursor ?? undefined;
    await between();
  } while (cursor);
  return all;
}
