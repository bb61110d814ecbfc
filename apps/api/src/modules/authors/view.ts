import { found } from '../../errors.js';
import { type AuthorRow, toAuthor } from '../common/author-view.js';
import type { Page } from '../common/keyset.js';
import { pageBody } from '../common/page-body.js';

/** The bodies the author routes answer with. */
export function authorViews(publicUrl: string) {
  return {
    /** The author; 404 when there is none. */
    author: (row: AuthorRow | undefined) => ({ author: toAuthor(found(row, 'Author'), publicUrl) }),
    /** The page; 404 for the author when there is none (undefined). */
    authors: (page: Page<AuthorRow> | undefined) =>
      pageBody('authors', found(page, 'Author'), (row) => toAuthor(row, publicUrl)),
  };
}
