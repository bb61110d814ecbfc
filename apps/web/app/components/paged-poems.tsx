import type { PoemList as PoemPage } from '@poetry/sdk';
import type { ListedPage } from '../lib/listed-poem';
import { Pager } from './pager';
import { PoemList } from './poem-list';

/**
 * A page of a list of poems and the link to the next; under its own `heading` (a section of a
 * page), or as the page's main list (titles one below its `<h1>`).
 */
export function PagedPoems({
  page,
  empty,
  heading,
}: {
  page: ListedPage<PoemPage>;
  empty: string;
  heading?: string;
}) {
  const list = (
    <>
      <PoemList poems={page.poems} empty={empty} titleLevel={heading ? 3 : 2} />
      <Pager nextCursor={page.next_cursor} label="Pages of poems" />
    </>
  );
  if (!heading) return list;
  return (
    <section aria-labelledby="poems">
      <h2 id="poems">{heading}</h2>
      {list}
    </section>
  );
}
