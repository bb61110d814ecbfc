/** A list response: one array of records and the cursor of the next page. */
type PageBody = { next_cursor: string | null } & Record<string, unknown>;

/** The record type of a list response body, e.g. `Poem` of `{ poems: Poem[]; next_cursor }`. */
export type ItemOf<Body> = {
  [K in Exclude<keyof Body, 'next_cursor'>]: Body[K] extends readonly (infer Item)[] ? Item : never;
}[Exclude<keyof Body, 'next_cursor'>];

type ListCall<Args, Body extends PageBody> = (args: Args) => Promise<Body>;

type QueryArgs = { query?: Record<string, unknown> } | undefined;

/**
 * Every record of a paginated list, page after page, following `next_cursor`:
 * `for await (const poem of paginate(client.poem.search, { query: { q: 'sea' } })) ...`.
 */
export async function* paginate<Args extends QueryArgs, Body extends PageBody>(
  list: ListCall<Args, Body>,
  args?: Args,
): AsyncGenerator<ItemOf<Body>, void, undefined> {
  let cursor: string | null | undefined;
  do {
    const page = await list({ ...args, query: { ...args?.query, ...(cursor ? { cursor } : {}) } } as Args);
    const records = Object.entries(page).find(([key]) => key !== 'next_cursor')?.[1];
    yield* (records ?? []) as ItemOf<Body>[];
    cursor = page.next_cursor;
  } while (cursor);
}
