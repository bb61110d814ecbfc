/**
 * A PostgreSQL that does not answer at all (a stuck server, a lost network), which no error
 * reveals: the production build reaches its PostgreSQL through a proxy that the test silences.
 * Every request that needs the database must still be answered, with 503 problem+json
 * `unavailable`, once the API's own bounds run out (apps/api/src/db/timeouts.ts: a statement's
 * answer, a free connection, a new one); none may hang. Once the proxy passes bytes again, the
 * same API process serves requests by itself.
 */

import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ApiServer, startApiServer } from '@poetry/contract-tests/api-server';
import { eventually } from '@poetry/test-support/eventually';
import { freePorts } from '@poetry/test-support/free-ports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresServer, startPostgres } from '../src/postgres-server.js';
import { isProblem } from '../src/problem.js';
import { type Outcome, sendOnce } from '../src/send.js';
import { type SilencingProxy, startSilencingProxy } from '../src/silencing-proxy.js';
import { histogram } from '../src/tally.js';

/** More than the API's pool (DATABASE_POOL_MAX, 10): some wait for a connection, some open one. */
const CONCURRENT = 14;

let dataDir: string;
let postgres: PostgresServer;
let proxy: SilencingProxy;
let api: ApiServer;

let before: Outcome[];
let whileSilent: Outcome[];
let readyzWhileSilent: Outcome;
let after: Outcome;

/** A read that needs the database: a poem that does not exist is 404 once PostgreSQL says so. */
const readMissingPoem = () =>
  sendOnce(api.info.baseUrl, { method: 'GET', path: `/api/poem/${randomUUID()}` });
const readyz = () => sendOnce(api.info.baseUrl, { method: 'GET', path: '/readyz' });
const concurrently = () => Promise.all(Array.from({ length: CONCURRENT }, readMissingPoem));

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'poetry-silent-'));
  await chmod(dataDir, 0o755);
  const [port] = (await freePorts(1)) as [number];
  postgres = await startPostgres({ dataDir: path.join(dataDir, 'postgres'), port });
  proxy = await startSilencingProxy(port);
  const proxied = new URL(postgres.url);
  proxied.port = String(proxy.port);
  // `keep`: each 503 logs an error line; the test reads none.
  api = await startApiServer({ databaseUrl: proxied.href, log: 'keep' });

  // Fills the pool with open connections, so that the silence finds some busy and some idle.
  before = await concurrently();
  proxy.silence();
  [whileSilent, readyzWhileSilent] = await Promise.all([concurrently(), readyz()]);
  proxy.speak();
  await eventually('/readyz to answer 200', async () => (await readyz()).status === 200, {
    timeoutMs: 60_000,
  });
  after = await readMissingPoem();

  const slowest = Math.max(...whileSilent.map((outcome) => outcome.endedAt - outcome.startedAt));
  console.log(
    `database silent: ${CONCURRENT} reads at once answered ${JSON.stringify(histogram(whileSilent))}, ` +
      `the slowest after ${Math.round(slowest)} ms; /readyz ${readyzWhileSilent.status}; ` +
      `afterwards ${after.status}`,
  );
}, 120_000);

afterAll(async () => {
  await api?.stop();
  await proxy?.close();
  await postgres?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('database silent: PostgreSQL stops answering without closing a connection', () => {
  it('answers reads normally before', () => {
    expect(before.map((outcome) => outcome.status)).toEqual(Array(CONCURRENT).fill(404));
  });

  it('answers every read with 503 problem+json unavailable, none hanging or dropped', () => {
    const wrong = whileSilent.filter((outcome) => !isProblem(outcome, 'unavailable'));
    expect(wrong.map(({ status, error, body }) => ({ status, error, body: body.slice(0, 200) }))).toEqual([]);
  });

  it('says it is not ready', () => {
    expect(readyzWhileSilent.status).toBe(503);
  });

  it('serves reads again by itself once PostgreSQL answers', () => {
    expect(after.status).toBe(404);
  });
});
