import type { PoemList as PoemPage } from '@poetry/sdk';
import type { ComponentProps } from 'react';
import type { ListedPage } from '../lib/listed-poem';
import { Pager } from './pager';
import { PoemList } from './poem-list';

type PagedPoemsProps = Pick<ComponentProps<typeof PoemList>, 'empty' | 'impliedAuthorId' | 'collectionId'> & {
  page: ListedPage<PoemPage>;
  heading?: string;
};

/**
 * A page of a list of poems and the links to the pages beside it; under its own `heading` (a
 * section of a page), or as the page's main list (titles one below its `<h1>`).
 */
export function PagedPoems({ page, heading, ...list }: PagedPoemsProps) {
  const poems = (
    <>
      <PoemList poems={page.poems} titleLevel={heading ? 3 : 2} {...list} />
      <Pager page={page} label="Pages of poems" />
    </>
  );
  if (!heading) return poems;
  return (
    <section aria-labelledby="poems">
      <h2 id="poems">{heading}</h2>
      {poems}
    </section>
  );
}
