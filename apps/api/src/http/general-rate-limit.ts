import type { RequestHandler } from 'express';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { rateLimited } from '../errors.js';
import { createSharedRequestCounts } from './shared-request-counts.js';

const POLICY = 'general';

/**
 * A cap on the requests one IP address makes per window, whatever they are. It runs on every
 * request, so it costs no query: counts are kept in memory and shared with the other instances
 * through PostgreSQL once per `syncIntervalMs` (see `createSharedRequestCounts`), which lets an
 * address exceed the cap by at most what the other instances let through in one interval. When
 * the database is down the counts of this instance still hold, and no request fails because of it.
 *
 * Every answer carries `RateLimit-Policy` and `RateLimit` (IETF draft httpapi-ratelimit-headers,
 * structured-field form); a refused one is `429 rate_limited` with `Retry-After`.
 */
export function createGeneralRateLimit(
  pool: pg.Pool,
  { perIp, windowSeconds, syncIntervalMs }: Config['generalRateLimit'],
  logger: Logger,
) {
  const counts = createSharedRequestCounts(pool, windowSeconds);
  const policy = `"${POLICY}";q=${perIp};w=${windowSeconds}`;

  let syncFailing = false;
  let syncing: Promise<void> | undefined;
  const sync = () => {
    if (syncing) return; // the previous one is still on its way; its successor picks up the rest
    syncing = counts
      .sync()
      .then(
        () => {
          if (syncFailing) logger.info('general rate limit: counts are shared again');
          syncFailing = false;
        },
        (error: unknown) => {
          if (!syncFailing) {
            logger.warn({ err: error }, 'general rate limit: counts stay local until the database answers');
          }
          syncFailing = true;
        },
      )
      .finally(() => {
        syncing = undefined;
      });
  };
  const timer = setInterval(sync, syncIntervalMs).unref();

  const middleware: RequestHandler = (req, res, next) => {
    const { used, msBeforeReset } = counts.hit(req.ip ?? 'unknown');
    const secondsBeforeReset = Math.max(1, Math.ceil(msBeforeReset / 1000));
    res.setHeader('RateLimit-Policy', policy);
    res.setHeader('RateLimit', `"${POLICY}";r=${Math.max(0, perIp - used)};t=${secondsBeforeReset}`);
    if (used <= perIp) return next();
    next(rateLimited(secondsBeforeReset, 'Too many requests from your address; try again later'));
  };

  return {
    middleware,
    /** Stops the periodic sync and waits for one on its way; call before the pool ends. */
    async close() {
      clearInterval(timer);
      await syncing;
    },
  };
}

export type GeneralRateLimit = ReturnType<typeof createGeneralRateLimit>;
