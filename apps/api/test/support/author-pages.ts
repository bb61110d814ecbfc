import type { AuthorList } from '@poetry/contract';
import { collectPages, type PageInput } from './pagination.js';

/** Every author of a paginated author list read `limit` at a time, and the length of each page. */
export async function collectAuthors(
  fetchPage: (page: PageInput) => Promise<AuthorList>,
  limit: number,
  between?: () => Promise<unknown>,
) {
  const pageSizes: number[] = [];
  const authors = await collectPages(
    async (page) => {
      const { authors, next_cursor } = await fetchPage(page);
      pageSizes.push(authors.length);
      return { items: authors, next_cursor };
    },
    limit,
    between,
  );
  return { authors, pageSizes };
}
