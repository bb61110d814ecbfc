import type { AuthorList } from '@poetry/contract';
import { type PageInput, readPages } from './pagination.js';

/** Every author of a paginated author list read `limit` at a time, and the length of each page. */
export async function collectAuthors(
  fetchPage: (page: PageInput) => Promise<AuthorList>,
  limit: number,
  between?: () => Promise<unknown>,
) {
  const pages = await readPages(
    async (page) => {
      const { authors, ...cursors } = await fetchPage(page);
      return { items: authors, ...cursors };
    },
    limit,
    between,
  );
  return { authors: pages.flat(), pageSizes: pages.map((page) => page.length) };
}
