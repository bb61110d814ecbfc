import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { createPoetryClient } from '@poetry/sdk';
import { type Env, loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { startApi } from '../../src/start-api.js';
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
    DATABASE_POOL_MAX: '6',
    ...env,
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: databaseUrl,
  });
  const api = await startApi({ config, databaseUrl, logger: createLogger(config, logTo) });
  const url = `http://127.0.0.1:${api.port}`;

  return {
    url,
    config,
    databaseUrl,
    /** For checks no endpoint can make, e.g. that a stored session is gone. */
    pool: api.pool,
    /** A new SDK client with a cookie jar of its own, checking every response against the contract. */
    client: (session?: string) =>
      createPoetryClient({ baseUrl: url, validateResponses: true, ...(session ? { session } : {}) }),
    async close() {
      await api.close(0);
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
