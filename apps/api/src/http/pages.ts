import express, { type RequestHandler } from 'express';
import type { Config } from '../config.js';
import { csrfProtection } from './csrf.js';
import { pageBodyLimit } from './page-body-limit.js';
import { pageMethods } from './page-methods.js';
import { createPagesHop, handPagesHopProof } from './pages-hop.js';
import { pageSecurityHeaders } from './security-headers.js';

/** The API's paths, in any letter case: `/API/...` stays the API's 404, never a page. */
const API_PATH = /^\/api(\/|$)/i;

/** The web's pages, as the composition root (`apps/server`) makes them from the web's build. */
export type Pages = {
  /** Renders every page, reading its own form bodies. */
  handler: RequestHandler;
  /** Whether a form may be posted to this URL (its path and query): its page has an action. */
  takesForms(url: string): boolean;
};

/**
 * The web's pages on every path outside `/api`, behind the API's CSRF rule (a form posted from
 * another site is refused), its body limit and the methods and bodies pages read
 * (`page-methods.ts`), and with the pages' own security headers. Mounted ahead of the API's body
 * parser and session layers: pages read their own form bodies, and their session is the API's
 * business, reached through the SDK (a session loaded here as well would renew its cookie on the
 * page's answer, undoing a logout made through the API on the same request).
 *
 * With `handler`, the layer to put first in the app, `namingTheClient`: the pages' calls into the
 * API prove themselves with a secret made here (`pages-hop.ts`) and name their browser.
 */
export function servePages(
  pages: Pages,
  config: Config,
): { handler: RequestHandler; namingTheClient: RequestHandler } {
  const hop = createPagesHop();
  const router = express.Router();
  router.use(
    pageSecurityHeaders({ secureCookies: config.session.secureCookies }),
    csrfProtection(config.allowedOrigins),
    pageMethods(pages.takesForms),
    pageBodyLimit(),
    handPagesHopProof(hop.proof),
    pages.handler,
  );
  return {
    handler: (req, res, next) => (API_PATH.test(req.path) ? next() : router(req, res, next)),
    namingTheClient: hop.namingTheClient,
  };
}
