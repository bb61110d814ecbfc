import { contract, namedRoutes, type RouteMetadata } from '@poetry/contract';
import { initServer } from '@ts-rest/express';
import express, { type RequestHandler } from 'express';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { MikroORM } from './db/orm.js';
import type { ReplicaReads } from './db/replica-reads.js';
import { contractEndpoints } from './http/contract-endpoints.js';
import { answerPreflight, corsHeaders } from './http/cors.js';
import { csrfProtection } from './http/csrf.js';
import { createGeneralRateLimit } from './http/general-rate-limit.js';
import { healthRoutes } from './http/health.js';
import { httpCaching } from './http/http-caching.js';
import { createImageUploads } from './http/image-uploads.js';
import { inSequence } from './http/in-sequence.js';
import { jsonBodiesOnly } from './http/json-bodies-only.js';
import { jsonBody } from './http/json-body.js';
import { mediaRoutes } from './http/media-routes.js';
import { openApiRoutes } from './http/openapi.js';
import { ormRequestContext } from './http/orm-context.js';
import { type Pages, servePages } from './http/pages.js';
import { createPassport } from './http/passport.js';
import { problemErrorHandler, routeNotFound } from './http/problem.js';
import { requestLogging } from './http/request-logging.js';
import { requireLogin } from './http/require-login.js';
import { securityHeaders } from './http/security-headers.js';
import {
  absoluteSessionTimeout,
  carriesSessionCookie,
  createSessionStore,
  sessionLayers,
  sessionMiddleware,
} from './http/session.js';
import { createDecodeGate } from './media/decode-gate.js';
import { createMediaFiles } from './media/media-files.js';
import { createPoemCards } from './media/poem-cards.js';
import { createMediaStorage } from './media/storage.js';
import { accountRoutes } from './modules/account/routes.js';
import { authorRoutes } from './modules/authors/routes.js';
import { collectionRoutes } from './modules/collections/routes.js';
import type { ModuleContext } from './modules/context.js';
import { poemRoutes } from './modules/poems/routes.js';
import { sitemapRoutes } from './modules/sitemap/routes.js';

export type AppDependencies = {
  config: Config;
  orm: MikroORM;
  /** For the session store, the rate limiters and the readiness probe. */
  pool: pg.Pool;
  /** The anonymous reads over DATABASE_READ_URL; without it they read from `pool`. */
  replica?: ReplicaReads;
  logger: Logger;
  /**
   * The web's pages, served on every path outside `/api` on this origin (`http/pages.ts`);
   * without it the app is the API alone.
   */
  pages?: Pages;
  /** Counts and times every request (`metrics/request-metrics.ts`); without it nothing is measured. */
  requestMetrics?: RequestHandler;
};

export type App = express.Express & {
  /**
   * Stops what the app runs in the background (the general rate limit's sync timer). Call it
   * once the server has closed, before the pool ends.
   */
  close(): Promise<void>;
};

/** The paths of the routes any site may post to (the contract's `anyOrigin`): the CSRF rule's exceptions. */
const ANY_ORIGIN_PATHS = namedRoutes(contract)
  .filter(({ route }) => (route.metadata as RouteMetadata | undefined)?.anyOrigin)
  .map(({ route }) => route.path);

/** Builds the Express app from its parts. Does no I/O until it serves a request. */
export function createApp({
  config,
  orm,
  pool,
  replica,
  logger,
  pages,
  requestMetrics,
}: AppDependencies): App {
  const media = createMediaFiles(createMediaStorage(config.media), logger);
  // One gate for every image this instance decodes or draws (each holds a core and a libvips
  // thread): uploads, the copies made of older photos, poems' cards.
  const imageWork = createDecodeGate(config.imageDecoding);
  const uploads = createImageUploads(pool, config.uploadThrottle, imageWork);
  const cards = createPoemCards(imageWork);
  const passport = createPassport();
  const s = initServer();
  const reads = replica ?? pool;
  const ctx: ModuleContext = { s, config, orm, pool, reads, media, uploads, cards, passport };
  // Each module serves its resource under every URL group it appears in.
  const account = accountRoutes(ctx);
  const authors = authorRoutes(ctx);
  const poems = poemRoutes(ctx);
  const collections = collectionRoutes(ctx);
  const router = s.router(contract, {
    auth: account.auth,
    me: {
      ...account.me,
      ...poems.me,
      ...collections.me,
      // `/api/me/following` (authors) and `/api/me/following/collection` share a group.
      following: { ...authors.me.following, ...collections.me.following },
    },
    author: { ...authors.author, ...poems.author, ...collections.author },
    poem: poems.poem,
    collection: collections.collection,
    mail: account.mail,
  });

  const generalRateLimit = createGeneralRateLimit(pool, config.generalRateLimit, logger);
  const app = express();
  app.disable('x-powered-by');
  // One spelling per route: `/api/auth/login/` and `/API/AUTH/LOGIN` are 404, not the route, so
  // what is keyed on a route's exact path (the session layers) holds for every request it serves.
  app.enable('strict routing');
  app.enable('case sensitive routing');
  app.set('trust proxy', config.trustProxy);
  const servedPages = pages && servePages(pages, config, app);
  const hasSessionCookie = carriesSessionCookie(config);
  app.use(
    inSequence([
      requestLogging(logger),
      ...(requestMetrics ? [requestMetrics] : []),
      ...(servedPages ? [servedPages.forgetAfterWrites] : []),
      securityHeaders({ secureCookies: config.session.secureCookies, publicUrl: config.publicUrl }),
      corsHeaders(config.allowedOrigins),
      // Probes come often from a few addresses (the load balancer's) and must never be refused.
      healthRoutes(pool, replica),
      generalRateLimit.middleware,
      answerPreflight,
      mediaRoutes(media.storage, imageWork),
      // Served before the session, so always anonymous.
      sitemapRoutes(reads, config.publicUrl),
      openApiRoutes(config.publicUrl),
      httpCaching(config),
      ...(servedPages ? [servedPages.handler] : []),
      jsonBody(),
      sessionLayers(config, [
        sessionMiddleware(config, createSessionStore(pool, config.session.idleTimeoutMs)),
        absoluteSessionTimeout(config),
        passport.initialize(),
        passport.session(),
      ]),
      csrfProtection(config.allowedOrigins, { exempt: ANY_ORIGIN_PATHS }),
      ormRequestContext(
        orm,
        (req) => (req.method === 'GET' || req.method === 'HEAD') && !hasSessionCookie(req),
      ),
    ]),
  );
  app.use(
    contractEndpoints(router, {
      logInitialization: false,
      globalMiddleware: [requireLogin, jsonBodiesOnly],
      requestValidationErrorHandler: (error, _req, _res, next) => next(error),
    }),
  );
  app.use(routeNotFound);
  app.use(problemErrorHandler);
  return Object.assign(app, { close: generalRateLimit.close });
}
