import type { AddressInfo } from 'node:net';
import { createPoetryClient } from '@poetry/sdk';
import { createApp } from '../../src/app.js';
import { type Env, loadConfig } from '../../src/config.js';
import { createOrm } from '../../src/db/orm.js';
import { createPool } from '../../src/db/pool.js';
import { createLogger } from '../../src/logger.js';
import { createTestDatabase } from './database.js';

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * The real API on a random loopback port over a fresh database of its own. `env` overrides
 * configuration the way the environment would.
 */
export async function startTestServer(env: Partial<Record<keyof Env, string>> = {}) {
  const databaseUrl = await createTestDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
    DATABASE_URL: databaseUrl,
  });
  const logger = createLogger(config);
  const orm = await createOrm(databaseUrl, { poolMax: 5 });
  const pool = createPool(databaseUrl, 3);
  const app = createApp({ config, orm, pool, logger });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    config,
    /** For checks no endpoint can make, e.g. that a stored session is gone. */
    pool,
    /** A new SDK client with a cookie jar of its own, checking every response against the contract. */
    client: (session?: string) =>
      createPoetryClient({ baseUrl: url, validateResponses: true, ...(session ? { session } : {}) }),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await Promise.allSettled([orm.close(), pool.end()]);
    },
  };
}
