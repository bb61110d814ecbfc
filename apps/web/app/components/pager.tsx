import { Link, useLocation } from 'react-router';

/** What a page of a list says of the pages beside it, as the API answers it. */
type PageCursors = { next_cursor: string | null; prev_cursor: string | null };

/**
 * The links through a list the API pages with cursors: the previous and the next page
 * (`?<param>=<cursor>`, the address's other parameters kept) and, past the first, back to the
 * first. Plain links: no JavaScript needed.
 */
export function Pager({
  page,
  param = 'cursor',
  label,
}: {
  page: PageCursors;
  param?: string;
  label: string;
}) {
  const { pathname, search } = useLocation();
  const to = (cursor: string | null) => {
    const query = new URLSearchParams(search);
    if (cursor) query.set(param, cursor);
    else query.delete(param);
    const rest = query.toString();
    return rest ? `${pathname}?${rest}` : pathname;
  };
  const onFirstPage = !new URLSearchParams(search).has(param);
  if (!page.next_cursor && !page.prev_cursor && onFirstPage) return null;
  return (
    <nav className="pager" aria-label={label}>
      {!onFirstPage && <Link to={to(null)}>First page</Link>}
      {page.prev_cursor && (
        <Link to={to(page.prev_cursor)} rel="prev">
          Previous page
        </Link>
      )}
      {page.next_cursor && (
        <Link to={to(page.next_cursor)} rel="next">
          Next page
        </Link>
      )}
    </nav>
  );
}
