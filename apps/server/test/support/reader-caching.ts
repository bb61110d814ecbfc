/** The reader pages' `Cache-Control` (apps/web/app/lib/cache.ts) for a browser without cookies: shared. */
export const SHARED = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
/** ... and for a browser with one, or a page that names who asks: nobody keeps it. */
export const PRIVATE = 'private, no-store';
