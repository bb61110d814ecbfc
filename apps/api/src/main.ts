import type { Server } from 'node:http';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { startEmbeddedPostgres } from './db/embedded.js';
import { migrate } from './db/migrate.js';
import { createOrm } from './db/orm.js';
import { createPool } from './db/pool.js';
import { createLogger } from './logger.js';
import { startMailer } from './mail/mailer.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const logger = createLogger(config);

  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({
        ...config.embeddedPostgres,
        log: (line) => logger.debug({ postgres: line }),
      });
  if (embedded) logger.info({ dataDir: config.embeddedPostgres.dataDir }, 'started embedded PostgreSQL');
  const databaseUrl = config.databaseUrl ?? (embedded?.url as string);

  // Reads, relation writes, sessions and rate limits go through the pg pool, so it gets the full
  // DATABASE_POOL_MAX; the ORM (entity writes) half as many. Measured with \`pnpm bench\`: with the
  // pool at 5, 50 connections queued on it and one poem by id served 41% of the floor's req/s.
  const orm = await createOrm(databaseUrl, { poolMax: Math.max(2, Math.ceil(config.databasePoolMax / 2)) });
  try {
    const applied = await migrate(orm);
    if (applied.length) logger.info({ migrations: applied }, 'applied migrations');
  } catch (error) {
    await orm.close();
    await embedded?.stop();
    throw error;
  }
  const pool = createPool(databaseUrl, config.databasePoolMax);

  const app = createApp({ config, orm, pool, logger });
  const mailer = startMailer({ config, pool, logger });
  const server: Server = app.listen(config.port, config.host, () => {
    logger.info({ url: config.publicUrl, port: config.port }, 'poetry API listening');
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const forced = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await closed;
    await mailer.stop();
    await Promise.allSettled([orm.close(), pool.end()]);
    await embedded?.stop();
    clearTimeout(forced);
    logger.info('stopped');
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The poetry API could not start:', error);
  }
  process.exit(1);
});
