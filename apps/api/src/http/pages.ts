import express, { type RequestHandler } from 'express';
import type { Config } from '../config.js';
import { csrfProtection } from './csrf.js';
import { pageBodyLimit } from './page-body-limit.js';
import { pageSecurityHeaders } from './security-headers.js';

/** The API's paths, in any letter case: `/API/...` stays the API's 404, never a page. */
const API_PATH = /^\/api(\/|$)/i;

/**
 * The web's pages (a request handler the composition root passes in, `apps/server`) on every
 * path outside `/api`, behind the API's CSRF rule (a form posted from another site is refused)
 * and body limit, and with the pages' own security headers. Mounted ahead of the API's body
 * parser and session layers: pages read their own form bodies, and their session is the API's
 * business, reached through the SDK (a session loaded here as well would renew its cookie on the
 * page's answer, undoing a logout made through the API on the same request).
 */
export function servePages(pages: RequestHandler, config: Config): RequestHandler {
  const router = express.Router();
  router.use(
    pageSecurityHeaders({ secureCookies: config.session.secureCookies }),
    csrfProtection(config.allowedOrigins),
    pageBodyLimit(),
    pages,
  );
  return (req, res, next) => (API_PATH.test(req.path) ? next() : router(req, res, next));
}

type TrustProxy = (address: string, hop: number) => boolean;

/** The addresses the pages' SDK calls come from: the same process, over loopback. */
const OWN_LOOPBACK = new Set(['127.0.0.1', '::ffff:127.0.0.1']);

/**
 * The `trust proxy` function of an app that serves pages: the configured one, and also the
 * nearest hop when it is this process's own loopback. The pages call the API over loopback for
 * the browser, forwarding its address in `X-Forwarded-For` (and its scheme in
 * `X-Forwarded-Proto`), so that per-IP rate limits, login throttling and Secure cookies judge
 * the browser, not 127.0.0.1. Only that nearest hop is added: a browser's own `X-Forwarded-For`
 * is believed no more than before, because the pages forward the address Express resolved for
 * the page request (`req.ip`), not the header they received.
 */
export function trustingOwnLoopback(configured: TrustProxy): TrustProxy {
  return (address, hop) => (hop === 0 && OWN_LOOPBACK.has(address)) || configured(address, hop);
}
