import { contract } from '@poetry/contract';
import { createExpressEndpoints, initServer } from '@ts-rest/express';
import express from 'express';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { MikroORM } from './db/orm.js';
import { answerPreflight, corsHeaders } from './http/cors.js';
import { csrfProtection } from './http/csrf.js';
import { createGeneralRateLimit } from './http/general-rate-limit.js';
import { healthRoutes } from './http/health.js';
import { createImageUploads } from './http/image-uploads.js';
import { jsonBody } from './http/json-body.js';
import { openApiRoutes } from './http/openapi.js';
import { ormRequestContext } from './http/orm-context.js';
import { problemErrorHandler, routeNotFound } from './http/problem.js';
import { attemptThrottle } from './http/rate-limiter.js';
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
import { createMediaFiles } from './media/media-files.js';
import { mediaRoutes } from './media/media-routes.js';
import { createMediaStorage } from './media/storage.js';
import { createAuthenticator } from './modules/auth/authenticator.js';
import { createLoginThrottle } from './modules/auth/login-throttle.js';
import { authRouter } from './modules/auth/router.js';
import { createAuthService } from './modules/auth/service.js';
import { createSessionRegistry } from './modules/auth/session-registry.js';
import { createTokens } from './modules/auth/tokens.js';
import { authorRoutes } from './modules/authors/router.js';
import {
  authorCollectionRoutes,
  collectionRoutes,
  meCollectionRoutes,
} from './modules/collections/router.js';
import type { ModuleContext } from './modules/context.js';
import { createPhotoService } from './modules/me/photo-service.js';
import { meRouter } from './modules/me/router.js';
import { createMeService } from './modules/me/service.js';
import { authorPoemRoutes, feedRoute, mePoemRoutes, poemRoutes } from './modules/poems/router.js';

export type AppDependencies = {
  config: Config;
  orm: MikroORM;
  /** For the session store, the rate limiters and the readiness probe. */
  pool: pg.Pool;
  logger: Logger;
};

export type App = express.Express & {
  /**
   * Stops what the app runs in the background (the general rate limit's sync timer). Call it
   * once the server has closed, before the pool ends.
   */
  close(): Promise<void>;
};

/** Builds the Express app from its parts. Does no I/O until it serves a request. */
export function createApp({ config, orm, pool, logger }: AppDependencies): App {
  const sessions = createSessionRegistry(pool);
  const authService = createAuthService({ orm, tokens: createTokens(pool), sessions });
  const meService = createMeService({ orm, sessions, authService });
  const authenticator = createAuthenticator({
    authService,
    throttle: createLoginThrottle(pool, config.loginThrottle),
  });

  const s = initServer();
  const media = createMediaFiles(createMediaStorage(config.media), logger);
  const uploads = createImageUploads(pool, config.uploadThrottle);
  const ctx: ModuleContext = { s, config, orm, pool, media, uploads };
  const router = s.router(contract, {
    auth: authRouter({
      s,
      authService,
      authenticator,
      throttles: {
        signup: attemptThrottle(pool, 'signup', config.signupThrottle),
        forgotPassword: attemptThrottle(pool, 'forgot-password', config.mailRequestThrottle),
        emailConfirmation: attemptThrottle(pool, 'email-confirmation', config.mailRequestThrottle),
      },
      config,
    }),
    me: {
      ...meRouter({ s, meService, photoService: createPhotoService(ctx), uploads, orm, config }),
      feed: feedRoute(ctx),
      poems: mePoemRoutes(ctx),
      collections: meCollectionRoutes(ctx),
    },
    author: {
      ...authorRoutes(ctx),
      poems: authorPoemRoutes(ctx),
      collections: authorCollectionRoutes(ctx),
    },
    poem: poemRoutes(ctx),
    collection: collectionRoutes(ctx),
  });

  const generalRateLimit = createGeneralRateLimit(pool, config.generalRateLimit, logger);
  const app = express();
  app.disable('x-powered-by');
  // One spelling per route: `/api/auth/login/` and `/API/AUTH/LOGIN` are 404, not the route, so
  // what is keyed on a route's exact path (the session layers) holds for every request it serves.
  app.enable('strict routing');
  app.enable('case sensitive routing');
  app.set('trust proxy', config.trustProxy);
  app.use(requestLogging(logger));
  app.use(securityHeaders({ secureCookies: config.session.secureCookies, publicUrl: config.publicUrl }));
  app.use(corsHeaders(config.allowedOrigins));
  // Probes come often from a few addresses (the load balancer's) and must never be refused.
  app.use(healthRoutes(pool));
  app.use(generalRateLimit.middleware);
  app.use(answerPreflight);
  app.use(mediaRoutes(media.storage));
  app.use(openApiRoutes(config.publicUrl));
  app.use(jsonBody());
  app.use(
    sessionLayers(config, [
      sessionMiddleware(config, createSessionStore(pool, config.session.idleTimeoutMs)),
      absoluteSessionTimeout(config),
      authenticator.initialize(),
      authenticator.session(),
    ]),
  );
  app.use(csrfProtection(config.allowedOrigins));
  const hasSessionCookie = carriesSessionCookie(config);
  app.use(
    ormRequestContext(
      orm,
      (req) => (req.method === 'GET' || req.method === 'HEAD') && !hasSessionCookie(req),
    ),
  );
  createExpressEndpoints(contract, router, app, {
    logInitialization: false,
    globalMiddleware: [requireLogin],
    requestValidationErrorHandler: (error, _req, _res, next) => next(error),
  });
  app.use(routeNotFound);
  app.use(problemErrorHandler);
  return Object.assign(app, { close: generalRateLimit.close });
}
