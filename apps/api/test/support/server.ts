import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { createPoetryClient } from '@poetry/sdk';
import { createApp } from '../../src/app.js';
import { type Env, loadConfig } from '../../src/config.js';
import { createOrm } from '../../src/db/orm.js';
import { createPool } from '../../src/db/pool.js';
import { createHttpServer } from '../../src/http/express-server.js';
import { createLogger } from '../../src/logger.js';
import { startMailer } from '../../src/mail/mailer.js';
import { createTestDatabase } from './database.js';

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * The real API, with its mail worker, on a random loopback port over a fresh database of its own
 * (or over `databaseUrl`, to start it again on the same data). `env` overrides configuration the
 * way the environment would. `logTo` receives the log lines (JSON, one a line).
 */
export async function startTestServer(
  env: Partial<Record<keyof Env, string>> = {},
  databaseUrl?: string,
  { logTo }: { logTo?: Writable } = {},
) {
  databaseUrl ??= await createTestDatabase();
  // Files (the mail outbox folder, media) go to a folder of this server's, removed on close.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'poetry-test-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    MAIL_POLL_INTERVAL_MS: '50',
    MAIL_RETRY_BASE_MS: '50',
    // Every request of a test comes from 127.0.0.1; the tests of these limits set low ones.
    SIGNUPS_PER_IP: '1000000',
    GENERAL_REQUESTS_PER_IP: '1000000',
    ...env,
    DATABASE_URL: databaseUrl,
  });
  const logger = createLogger(config, logTo);
  const orm = await createOrm(databaseUrl, { poolMax: 5 });
  const pool = createPool(databaseUrl, 3);
  const app = createApp({ config, orm, pool, logger });
  const mailer = startMailer({ config, pool, logger });
  const server = createHttpServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    config,
    databaseUrl,
    /** For checks no endpoint can make, e.g. that a stored session is gone. */
    pool,
    /** A new SDK client with a cookie jar of its own, checking every response against the contract. */
    client: (session?: string) =>
      createPoetryClient({ baseUrl: url, validateResponses: true, ...(session ? { session } : {}) }),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await app.close();
      await mailer.stop();
      await Promise.allSettled([orm.close(), pool.end()]);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Two instances of the API over one fresh database, as behind a load balancer. */
export async function startTwoTestServers(env: Partial<Record<keyof Env, string>> = {}) {
  const first = await startTestServer(env);
  const second = await startTestServer(env, first.databaseUrl);
  return {
    first,
    second,
    async close() {
      await second.close();
      await first.close();
    },
  };
}
