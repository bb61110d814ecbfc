import type { MyPoem, PoemAround, PoemLink } from '@poetry/contract';
import { found } from '../../errors.js';
import {
  type AuthorRow,
  type AuthorSummaryFields,
  toAuthor,
  toAuthorSummary,
} from '../common/author-view.js';
import type { Page } from '../common/keyset.js';
import { pageBody } from '../common/page-body.js';
import { type PoemRow, toPoem } from '../common/poem-view.js';

/** One of the caller's own poems, with what only its author sees. */
export type MyPoemRow = PoemRow & { shareKey: string; publishAt: Date | null };

/** A poem and what is around it, as `around` reads it: the links are already in their contract shape. */
export type AroundRow = PoemRow & {
  moreByAuthor: PoemLink[];
  collection: {
    id: string;
    title: string;
    owner: AuthorSummaryFields;
    previous: PoemLink | null;
    next: PoemLink | null;
  } | null;
};

const toMyPoem = (row: MyPoemRow, publicUrl: string): MyPoem => ({
  ...toPoem(row, publicUrl),
  share_key: row.shareKey,
  publish_at: row.publishAt?.toISOString() ?? null,
});

/** The bodies the poem routes answer with. */
export function poemViews(publicUrl: string) {
  return {
    /** The poem; 404 when there is none (or the caller may not see it). */
    poem: (row: PoemRow | undefined) => ({ poem: toPoem(found(row, 'Poem'), publicUrl) }),
    poems: (page: Page<PoemRow>) => pageBody('poems', page, (row) => toPoem(row, publicUrl)),
    /** One of the caller's own poems; 404 when it is not theirs. */
    myPoem: (row: MyPoemRow | undefined) => ({ poem: toMyPoem(found(row, 'Poem'), publicUrl) }),
    myPoems: (page: Page<MyPoemRow>) => pageBody('poems', page, (row) => toMyPoem(row, publicUrl)),
    authors: (page: Page<AuthorRow>) => pageBody('authors', page, (row) => toAuthor(row, publicUrl)),
    /** A published poem and what is around it; 404 when the poem is not one. */
    around: (row: AroundRow | undefined): PoemAround => {
      const { moreByAuthor, collection, ...poem } = found(row, 'Poem');
      return {
        poem: toPoem(poem, publicUrl),
        more_by_author: moreByAuthor,
        collection: collection && { ...collection, owner: toAuthorSummary(collection.owner, publicUrl) },
      };
    },
  };
}
