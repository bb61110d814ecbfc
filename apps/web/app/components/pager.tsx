import { Link, useLocation } from 'react-router';

/**
 * The links through a list the API pages with cursors: the next page (`?<param>=<next_cursor>`,
 * the address's other parameters kept) and, past the first, back to the first. Plain links: no
 * JavaScript needed.
 */
export function Pager({
  nextCursor,
  param = 'cursor',
  label,
}: {
  nextCursor: string | null;
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
  if (!nextCursor && onFirstPage) return null;
  return (
    <nav className="pager" aria-label={label}>
      {!onFirstPage && <Link to={to(null)}>First page</Link>}
      {nextCursor && (
        <Link to={to(nextCursor)} rel="next">
          Next page
        </Link>
      )}
    </nav>
  );
}
