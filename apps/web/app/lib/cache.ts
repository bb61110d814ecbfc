import type { HeadersFunction } from 'react-router';
import { hasCookie } from './api.server';

/**
 * What a browser without cookies gets of a reader page is the same for everyone: a shared cache
 * (a CDN) may serve it for a minute (likes and new poems may lag that much), and for five more
 * while it fetches a fresh copy, so that a slow origin never reaches readers. Browsers keep it
 * only to revalidate (`max-age=0`): a reader who logs in sees their own page at once.
 */
const SHARED = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

/** A page that says who is logged in, or holds a form's answer: nobody keeps it. */
export const PRIVATE = 'private, no-store';

/**
 * A reader page loader's caching headers: shared when the browser sent no cookie (nobody is
 * logged in: the page names nobody), private otherwise. `Vary: Cookie` keeps a cache from
 * answering a logged-in browser with the anonymous copy.
 */
export function readerCaching(request: Request): Headers {
  return new Headers({ 'Cache-Control': hasCookie(request) ? PRIVATE : SHARED, Vary: 'Cookie' });
}

/** The `headers` export of reader pages: their loader's caching headers (`readerCaching`). */
export const readerPageHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  for (const name of ['Cache-Control', 'Vary']) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};

/**
 * The answer's final `Cache-Control`: a page that did not choose is private, and so is any page
 * that sets a cookie, whatever it chose: a cookie must never reach a shared cache.
 */
export function settleCaching(headers: Headers) {
  if (!headers.has('Cache-Control') || headers.has('Set-Cookie')) headers.set('Cache-Control', PRIVATE);
}
