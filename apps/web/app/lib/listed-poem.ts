import { opening } from './authored-text';

/** How much of a poem's start a list shows. */
const OPENING = { lines: 3, max: 300 };

type WithBody = { body: string };

/**
 * A poem as a list shows it: its opening instead of its body. A page of a list then holds a few
 * hundred characters of each poem, not up to 100,000.
 */
export type ListedPoem<P extends WithBody> = Omit<P, 'body'> & { opening: string };

/** A page of a list of poems (`{ poems, next_cursor }`), each poem as a list shows it. */
export type ListedPage<Page extends { poems: WithBody[] }> = Omit<Page, 'poems'> & {
  poems: ListedPoem<Page['poems'][number]>[];
};

export function listedPoem<P extends WithBody>({ body, ...poem }: P): ListedPoem<P> {
  return { ...poem, opening: opening(body, OPENING) };
}

export function listedPage<Page extends { poems: WithBody[] }>(page: Page): ListedPage<Page> {
  return { ...page, poems: page.poems.map((poem) => listedPoem(poem)) };
}
