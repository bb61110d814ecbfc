import { found } from '../../errors.js';
import { type AuthorRow, toAuthor } from '../shared/author-view.js';
import type { Page } from '../shared/keyset.js';
import { pageBody } from '../shared/page-body.js';
import { type PoemRow, toPoem } from '../shared/poem-view.js';

/** The bodies the poem routes answer with. */
export function poemViews(publicUrl: string) {
  return {
    /** The poem; 404 when there is none (or the caller may not see it). */
    poem: (row: PoemRow | undefined) => ({ poem: toPoem(found(row, 'Poem'), publicUrl) }),
    poems: (page: Page<PoemRow>) => pageBody('poems', page, (row) => toPoem(row, publicUrl)),
    authors: (page: Page<AuthorRow>) => pageBody('authors', page, (row) => toAuthor(row, publicUrl)),
  };
}
