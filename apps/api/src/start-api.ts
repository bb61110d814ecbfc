import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import type { Config } from './config.js';
import { createOrm } from './db/orm.js';
import { createPool } from './db/pool.js';
import { startReplicaReads } from './db/replica-reads.js';
import { startRetentionSweep } from './db/retention.js';
import { createHttpServer } from './http/express-server.js';
import { gracefulClose } from './http/graceful-close.js';
import { listenOn } from './http/listen-on.js';
import type { Pages } from './http/pages.js';
import { startDailyDigest } from './mail/daily-digest.js';
import { startMailer } from './mail/mailer.js';
import { startNewPoemFanout } from './mail/new-poem-fanout.js';
import { createServiceMetrics } from './metrics/service-metrics.js';
import { createTokens } from './modules/account/tokens.service.js';
import { startScheduledPublishing } from './modules/poems/schedule.service.js';

/**
 * The running service over a migrated database: ORM and pool (and the read replica's, with
 * DATABASE_READ_URL), the app, the mail worker, the new-poem fan-out and the daily digest,
 * scheduled publishing, the retention sweep, the metrics server (with METRICS_PORT) and the HTTP
 * server, listening once this resolves. `main.ts` and the
 * tests' server helper both start it here, so both build and tear down the same parts in the
 * same order.
 */
export async function startApi({
  config,
  databaseUrl,
  logger,
  pages,
}: {
  config: Config;
  databaseUrl: string;
  logger: Logger;
  /** The web's pages, on the same port (`createApp`). */
  pages?: Pages;
}) {
  // Reads, relation writes, sessions and rate limits go through the pg pool, so it gets the full
  // DATABASE_POOL_MAX; the ORM (entity writes) half as many. Measured with `pnpm bench`: with the
  // pool at 5, 50 connections queued on it and one poem by id served 41% of the floor's req/s.
  const orm = await createOrm(databaseUrl, { poolMax: Math.max(2, Math.ceil(config.databasePoolMax / 2)) });
  const pool = createPool(databaseUrl, config.databasePoolMax);
  const replica =
    config.readReplica &&
    (await startReplicaReads({
      ...config.readReplica,
      poolMax: config.databasePoolMax,
      primary: pool,
      logger,
    }));
  const metrics = config.metrics && createServiceMetrics(config.metrics, { pool, orm, replica });
  const requestMetrics = metrics?.requestMetrics;
  const app = createApp({ config, orm, pool, replica, logger, pages, requestMetrics });
  const mailer = startMailer({ config, pool, logger, issueToken: createTokens(pool).issue });
  const publishing = startScheduledPublishing({ pool, logger, intervalMs: config.publishPollIntervalMs });
  const batchedJobs = {
    pool,
    logger,
    intervalMs: config.mail.pollIntervalMs,
    batch: config.mail.fanoutBatch,
  };
  const fanout = startNewPoemFanout(batchedJobs);
  const digest = startDailyDigest({ ...batchedJobs, hourUtc: config.mail.digestHourUtc });
  const retention = startRetentionSweep({ pool, logger, intervalMs: config.retentionSweepIntervalMs });
  const metricsServer = await metrics?.listen();
  const server = createHttpServer(app);
  const http = gracefulClose(server);
  await listenOn(server, config, 'PORT');

  return {
    /** The port it listens on (the configured one, or the one the system chose for port 0). */
    port: (server.address() as AddressInfo).port,
    /** The port `GET /metrics` is served on (METRICS_PORT), or undefined when it is not. */
    metricsPort: metricsServer?.port,
    /** For checks no endpoint can make (tests), and for the readiness of the database. */
    pool,
    /**
     * Stops taking connections and lets the requests in flight finish for up to `drainMs` (then
     * they are cut), then the metrics server, then stops what works in the background while the
     * pools are still there for its last writes, then the pools. Resolves false if requests had
     * to be cut.
     */
    async close(drainMs: number): Promise<boolean> {
      const drained = await http.close(drainMs);
      await metricsServer?.close();
      await app.close();
      await Promise.all([mailer.stop(), publishing.stop(), fanout.stop(), digest.stop(), retention.stop()]);
      await Promise.allSettled([orm.close(), pool.end(), replica?.close()]);
      return drained;
    },
  };
}

export type RunningApi = Awaited<ReturnType<typeof startApi>>;
