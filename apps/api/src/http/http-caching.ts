import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import onHeaders from 'on-headers';
import type { Config } from '../config.js';
import { carriesSessionCookie } from './session.js';

/**
 * The web's reader pages' policy (apps/web/app/lib/cache.ts): a shared cache (a CDN) may serve an
 * anonymous read for a minute, and for five more while it fetches a fresh copy; browsers keep it
 * only to revalidate it.
 */
export const SHARED = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
/** Depends on who asks: their browser alone may keep it, and asks again (with the ETag) before each use. */
const VIEWER = 'private, no-cache';
const NEVER = 'no-store';

/** The groups whose reads show the same to everyone but a logged-in viewer (`followed_by_me`, `liked_by_me`). */
const READS = ['/api/poem', '/api/author', '/api/collection'];
/** Whoever holds a share link may read it until it is replaced, which must end it at once. */
const SHARE_LINKS = '/api/poem/private/';

/**
 * `Cache-Control` and `Vary` for every answer under `/api/` that reaches it (a GET answers HEAD
 * with the same headers): reads of poems, authors and collections are `SHARED` without the
 * session cookie and `VIEWER` with it (valid or not: the cookie may be a session), with
 * `Vary: Cookie`, so that a shared cache never gives a logged-in reader the anonymous copy.
 * Everything else (`/api/me`, `/api/auth`, share links, writes) is `no-store`, and so is any
 * answer that is not a success, or that would be shared and sets a cookie. Mount it before the
 * session layers: they set their cookie as the head is written, and must do so before this looks.
 *
 * Validation is Express's own: `res.send` gives every answer a weak ETag, a SHA-1 of the body
 * (so every instance gives the same body the same tag), and answers `304` to a GET or HEAD whose
 * `If-None-Match` matches, unless the request says `Cache-Control: no-cache`. fetch adds that
 * to a request whose caller set `If-None-Match`, so the SDK's callers get whole answers.
 */
export function httpCaching(config: Config): RequestHandler {
  const hasSessionCookie = carriesSessionCookie(config);
  return (req, res, next) => {
    const url = req.originalUrl;
    if ((req.method === 'GET' || req.method === 'HEAD') && isCacheableRead(url)) {
      res.setHeader('Cache-Control', hasSessionCookie(req) ? VIEWER : SHARED);
      // Not res.vary(), which parses the header: this is twice as cheap, and Cookie is not there.
      const vary = res.getHeader('Vary');
      res.setHeader('Vary', vary === undefined ? 'Cookie' : `${vary}, Cookie`);
      onHeaders(res, settle);
    } else if (url.startsWith('/api/')) {
      res.setHeader('Cache-Control', NEVER);
    }
    next();
  };
}

function isCacheableRead(url: string): boolean {
  for (const prefix of READS) {
    if (url.startsWith(prefix)) return !url.startsWith(SHARE_LINKS);
  }
  return false;
}

/** The status and the cookie are known only when the head is written. */
function settle(this: ServerResponse) {
  const status = this.statusCode;
  const succeeded = (status >= 200 && status < 300) || status === 304;
  if (!succeeded || (this.getHeader('Cache-Control') === SHARED && this.hasHeader('Set-Cookie'))) {
    this.setHeader('Cache-Control', NEVER);
  }
}
