import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { createPoetryClient } from '@poetry/sdk';
import { useStarted } from '@poetry/test-support/hooks';
import { type Env, loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { startApi } from '../../src/start-api.js';
import { createTestDatabase } from './database.js';

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Configuration as the environment would give it. */
export type TestEnv = Partial<Record<keyof Env, string>>;

/**
 * The test server of the file, or of the `describe` block, this is called in: started (as by
 * `startTestServer`) before its tests and closed after them. Read it in tests and hooks only:
 *
 *     const server = useTestServer({ UPLOADS_PER_ACCOUNT: '3' });
 *     it('…', async () => { await send(`${server.url}/api/poem`, 'GET'); });
 *
 * `env` may be a function, read at the start, for values known only then (`SMTP_URL: smtp.url`).
 */
export function useTestServer(env: TestEnv | (() => TestEnv) = {}, options: { logTo?: Writable } = {}) {
  return useStarted(
    'the test server',
    () => startTestServer(typeof env === 'function' ? env() : env, undefined, options),
    (server) => server.close(),
  );
}

/**
 * The real API, with its mail worker, on a random loopback port over a fresh database of its own
 * (or over `databaseUrl`, to start it again on the same data). `env` overrides configuration the
 * way the environment would. `logTo` receives the log lines (JSON, one a line).
 */
export async function startTestServer(
  env: TestEnv = {},
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
    PUBLISH_POLL_INTERVAL_MS: '50',
    // Tests wait for mails, not for a relay's quota; the test of the rate sets its own.
    MAIL_SEND_RATE: '10000',
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

/**
 * Two instances of the API over one fresh database, as behind a load balancer, for the tests of
 * the file or `describe` block this is called in (`useStarted`). `logTo` receives both's log lines;
 * `env` may be a function, as for `useTestServer`.
 */
export function useTwoTestServers(env: TestEnv | (() => TestEnv) = {}, options: { logTo?: Writable } = {}) {
  return useStarted(
    'the two test servers',
    async () => {
      const values = typeof env === 'function' ? env() : env;
      const first = await startTestServer(values, undefined, options);
      return { first, second: await startTestServer(values, first.databaseUrl, options) };
    },
    async ({ first, second }) => {
      await second.close();
      await first.close();
    },
  );
}
