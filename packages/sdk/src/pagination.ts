/** A list response: one array of records and the cursors of the pages after and before it. */
type PageBody = { next_cursor: string | null } & Record<string, unknown>;

type Cursors = 'next_cursor' | 'prev_cursor';

/** The record type of a list response body, e.g. `Poem` of `{ poems: Poem[]; next_cursor; prev_cursor }`. */
export type ItemOf<Body> = {
  [K in Exclude<keyof Body, Cursors>]: Body[K] extends readonly (infer Item)[] ? Item : never;
}[Exclude<keyof Body, Cursors>];

type ListCall<Args, Body extends PageBody> = (args: Args) => Promise<Body>;

type QueryArgs = { query?: Record<string, unknown> } | undefined;

/**
 * Every record of a paginated list, page after page, following `next_cursor` (forwards only):
 * `for await (const poem of paginate(client.poem.search, { query: { q: 'sea' } })) ...`.
 */
export async function* paginate<Args extends QueryArgs, Body extends PageBody>(
  list: ListCall<Args, Body>,
  args?: Args,
): AsyncGenerator<ItemOf<Body>, void, undefined> {
  let cursor: string | null | undefined;
  do {
    const page = await list({ ...args, query: { ...args?.query, ...(cursor ? { cursor } : {}) } } as Args);
    const records = Object.values(page).find((value) => Array.isArray(value));
    yield* (records ?? []) as ItemOf<Body>[];
    cursor = page.next_cursor;
  } while (cursor);
}
