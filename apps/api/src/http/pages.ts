import { contract } from '@poetry/contract';
import express, { type Express, type RequestHandler, type Response } from 'express';
import type { Config } from '../config.js';
import { csrfProtection } from './csrf.js';
import { inProcessFetch } from './in-process-fetch.js';
import { pageBodyLimit } from './page-body-limit.js';
import { pageCache } from './page-cache.js';
import { pageMethods } from './page-methods.js';
import { pageSecurityHeaders } from './security-headers.js';

/** The API's paths, in any letter case: `/API/...` stays the API's 404, never a page. */
const API_PATH = /^\/api(\/|$)/i;

/** A count of a poem's metric (reads, shares), which no page shows: its path, with any poem id. */
const METRIC_COUNT = new RegExp(`^${contract.poem.metrics.increment.path.replace(':poemId', '[^/]+')}$`);

/** The web's pages, as the composition root (`apps/server`) makes them from the web's build. */
export type Pages = {
  /** Renders every page, reading its own form bodies. */
  handler: RequestHandler;
  /** Whether a form may be posted to this URL (its path and query): its page has an action. */
  takesForms(url: string): boolean;
};

/** The API for the page being answered on `res`: a `fetch` that calls it in this process, for its browser. */
export const pagesApiOf = (res: Response): typeof fetch => res.locals.pagesApi;

/**
 * The web's pages on every path outside `/api`, behind the API's CSRF rule (a form posted from
 * another site is refused), its body limit and the methods and bodies pages read
 * (`page-methods.ts`), and with the pages' own security headers. Mounted ahead of the API's body
 * parser and session layers: pages read their own form bodies, and their session is the API's
 * business, reached through the SDK (a session loaded here as well would renew its cookie on the
 * page's answer, undoing a logout made through the API on the same request).
 *
 * Pages a shared cache may keep are kept in this process too (`page-cache.ts`); with `handler`,
 * the layer to put early in the app, `forgetAfterWrites`, which empties that cache after a write.
 *
 * Each page gets `app` to call (`pagesApiOf`) in this process, for the browser it answers: the
 * calls count against the browser's address and carry its scheme and the page request's id.
 */
export function servePages(
  pages: Pages,
  config: Config,
  app: Express,
): { handler: RequestHandler; forgetAfterWrites: RequestHandler } {
  const cache = pageCache(config.pageCache);
  const router = express.Router();
  router.use(
    pageSecurityHeaders({ secureCookies: config.session.secureCookies }),
    csrfProtection(config.allowedOrigins),
    pageMethods(pages.takesForms),
    pageBodyLimit(),
    cache.serve,
    (req, res, next) => {
      res.locals.pagesApi = inProcessFetch(app, {
        address: req.ip ?? '',
        secure: req.secure,
        requestId: req.id,
      });
      next();
    },
    pages.handler,
  );
  return {
    handler: (req, res, next) => (API_PATH.test(req.path) ? next() : router(req, res, next)),
    // Every change goes through the API, the pages' actions' too.
    forgetAfterWrites: cache.forgetAfterWrites(
      (req) => API_PATH.test(req.path) && !METRIC_COUNT.test(req.path),
    ),
  };
}
