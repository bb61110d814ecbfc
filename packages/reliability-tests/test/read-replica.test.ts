/**
 * A read replica. The production build runs on a PostgreSQL of the test's own with a streaming
 * standby of it (DATABASE_READ_URL). Anonymous reads are answered by the standby, as its own
 * counters and the API's metrics show; an author reads from the primary, so sees their edit at
 * once while the standby, its replay paused, still shows anonymous readers the old text. Stopped
 * under a read load, the standby costs no read: the primary answers, `/readyz` says `down`, and
 * reads return to the standby once it is back. Lagging past READ_REPLICA_MAX_LAG, it is left for
 * the primary (anonymous readers see the new text) until it catches up.
 */

import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ApiServer, startApiServer } from '@poetry/contract-tests/api-server';
import { call, succeed } from '@poetry/contract-tests/http';
import { type Actor, signUp, writePoem } from '@poetry/contract-tests/world';
import { eventually } from '@poetry/test-support/eventually';
import { freePorts } from '@poetry/test-support/free-ports';
import { sampleValue, valueOrZero } from '@poetry/test-support/metrics-samples';
import { type PostgresReplica, startPostgresReplica } from '@poetry/test-support/postgres-replica';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrapeMetrics } from '../src/metrics.js';
import { type PostgresServer, startPostgres } from '../src/postgres-server.js';
import { runLoad, type Step } from '../src/run-load.js';
import { histogram, summaryLine } from '../src/tally.js';

const READERS = 8;
const POEMS = 5;

type Api = { server: ApiServer; metricsPort: number };
type ReplicaState = 'in_use' | 'lagging' | 'down';

let dataDir: string;
let primary: PostgresServer;
let replica: PostgresReplica;
/** Leaves the replica once it lags over 1 s. */
let strict: Api;
/** Keeps reading from the replica for an hour of lag: what anonymous readers see while it lags. */
let patient: Api;
let author: Actor;
let poems: string[];

async function startApi(maxLagSeconds: number, metricsPort: number): Promise<Api> {
  const server = await startApiServer({
    databaseUrl: primary.url,
    log: 'keep',
    env: {
      DATABASE_READ_URL: replica.url,
      READ_REPLICA_MAX_LAG: String(maxLagSeconds),
      METRICS_PORT: String(metricsPort),
      // the outbox's polls are the primary's only steady work while the load reads: kept rare
      MAIL_POLL_INTERVAL_MS: '1000',
    },
  });
  return { server, metricsPort };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'poetry-replica-'));
  await chmod(dataDir, 0o755);
  const [port, strictMetrics, patientMetrics] = (await freePorts(3)) as [number, number, number];
  primary = await startPostgres({ dataDir: path.join(dataDir, 'primary'), port });
  replica = await startPostgresReplica({
    primaryUrl: primary.url,
    primaryDataDir: path.join(dataDir, 'primary'),
    dataDir: path.join(dataDir, 'replica'),
  });
  [strict, patient] = await Promise.all([startApi(1, strictMetrics), startApi(3600, patientMetrics)]);
  const baseUrl = strict.server.info.baseUrl;
  author = await signUp('replicated', undefined, baseUrl);
  poems = await Promise.all(
    Array.from({ length: POEMS }, (_, i) => writePoem(author, `poem ${i}`, { baseUrl })),
  );
  await replica.waitUntilCaughtUp();
  await Promise.all([strict, patient].map((api) => stateBecomes(api, 'in_use')));
});

afterAll(async () => {
  await Promise.all([strict, patient].map((api) => api?.server.stop()));
  await replica?.stop();
  await primary?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

type Readyz = { status: string; read_replica: { state: ReplicaState; lag_seconds: number | null } };

async function readyz({ server }: Api): Promise<Readyz> {
  return (await fetch(`${server.info.baseUrl}/readyz`)).json() as Promise<Readyz>;
}

/** Waits until `/readyz` shows the replica in `state`; answers how long that took, in ms. */
async function stateBecomes(api: Api, state: ReplicaState): Promise<number> {
  const since = performance.now();
  await eventually(
    `/readyz to show the read replica ${state}`,
    async () => (await readyz(api)).read_replica.state === state,
    {
      timeoutMs: 20_000,
    },
  );
  return performance.now() - since;
}

const servedBy = async ({ metricsPort }: Api) => {
  const samples = await scrapeMetrics(metricsPort);
  return {
    replica: valueOrZero(samples, 'poetry_anonymous_reads_total', { served_by: 'replica' }),
    primary: valueOrZero(samples, 'poetry_anonymous_reads_total', { served_by: 'primary' }),
    inUse: sampleValue(samples, 'poetry_read_replica_in_use'),
    lag: sampleValue(samples, 'poetry_read_replica_lag_seconds'),
  };
};

/** Anonymous reads only: a poem, its author, the author's poems. */
function anonymousRead(): Step {
  const poemId = poems[Math.floor(Math.random() * poems.length)] as string;
  const reads: Step[] = [
    { name: 'read poem', request: { method: 'GET', path: `/api/poem/${poemId}` } },
    { name: 'read author', request: { method: 'GET', path: `/api/author/${author.id}` } },
    {
      name: "read author's poems",
      request: { method: 'GET', path: `/api/author/${author.username}/poem?limit=10` },
    },
  ];
  return reads[Math.floor(Math.random() * reads.length)] as Step;
}

const readLoad = (api: Api, options: { durationMs: number; stopWhen?: () => boolean }) =>
  runLoad({ baseUrl: api.server.info.baseUrl, connections: READERS, nextStep: anonymousRead, ...options });

/** The `poetry` database's committed transactions and rows returned, as the server counts them. */
async function databaseCounters(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ xact_commit: string; tup_returned: string }>(
      `SELECT xact_commit, tup_returned FROM pg_stat_database WHERE datname = 'poetry'`,
    );
    return { commits: Number(rows[0]?.xact_commit), rowsReturned: Number(rows[0]?.tup_returned) };
  } finally {
    await client.end();
  }
}

const anonymousTitle = async (api: Api, poemId: string) =>
  (await succeed('poem.get', { params: { poemId }, baseUrl: api.server.info.baseUrl })).poem.title;

const retitle = (api: Api, poemId: string, title: string) =>
  succeed('me.poems.update', {
    cookie: author.cookie,
    params: { poemId },
    body: { title },
    baseUrl: api.server.info.baseUrl,
  });

describe('a read replica', () => {
  it("serves the anonymous reads: its own counters and the API's metrics show them", async () => {
    const before = {
      replica: await databaseCounters(replica.url),
      primary: await databaseCounters(primary.url),
    };
    const metricsBefore = await servedBy(strict);
    const load = await readLoad(strict, { durationMs: 2_000 });
    console.log(summaryLine('read replica: anonymous reads', load));
    expect(histogram(load.records)).toEqual({ 200: load.records.length });
    const requests = load.records.length;

    // A busy session reports its counts once a second, an idle one up to 10 s later: most of the
    // load's are in once the replica shows half of them.
    const replicaNow = await eventually(
      "the replica's counters to show the load",
      async () => {
        const counters = await databaseCounters(replica.url);
        return counters.commits - before.replica.commits >= requests / 2 && counters;
      },
      { timeoutMs: 15_000, everyMs: 100 },
    );
    const primaryNow = await databaseCounters(primary.url);
    const grown = (now: typeof replicaNow, then: typeof replicaNow) => ({
      commits: now.commits - then.commits,
      rowsReturned: now.rowsReturned - then.rowsReturned,
    });
    const onReplica = grown(replicaNow, before.replica);
    const onPrimary = grown(primaryNow, before.primary);
    console.log(
      `read replica: ${requests} anonymous reads; replica ${JSON.stringify(onReplica)}, primary ${JSON.stringify(onPrimary)}`,
    );
    expect(onReplica.rowsReturned).toBeGreaterThan(requests);
    // The primary's rows returned are no contrast: its periodic jobs scan small tables all along.
    expect(onPrimary.commits).toBeLessThan(onReplica.commits / 4);

    const metrics = await servedBy(strict);
    expect(metrics.inUse).toBe(1);
    expect(metrics.replica - metricsBefore.replica).toBeGreaterThanOrEqual(requests);
    expect(metrics.primary - metricsBefore.primary).toBe(0);
  });

  it('shows an author their edit at once, from the primary, while anonymous readers see the replica; a replaced share link is gone at once', async () => {
    const poemId = poems[0] as string;
    const oldTitle = await anonymousTitle(patient, poemId);
    await replica.pauseReplay();
    try {
      await retitle(patient, poemId, 'written while the replica waits');
      const own = await succeed('poem.get', {
        params: { poemId },
        cookie: author.cookie,
        baseUrl: patient.server.info.baseUrl,
      });
      expect(own.poem.title).toBe('written while the replica waits');
      // the replica is in use (an hour of lag allowed) and has not replayed the edit
      expect(await anonymousTitle(patient, poemId)).toBe(oldTitle);
      expect((await readyz(patient)).read_replica.state).toBe('in_use');
      // A share link its author replaced is gone at once for anyone: share links read from the primary.
      const baseUrl = patient.server.info.baseUrl;
      const mine = { cookie: author.cookie, params: { poemId }, baseUrl };
      const replaced = (await succeed('me.poems.get', mine)).poem.share_key;
      await succeed('me.poems.renewShareKey', mine);
      expect((await call('poem.private.get', { params: { shareKey: replaced }, baseUrl })).status).toBe(404);
    } finally {
      await replica.resumeReplay();
    }
    await replica.waitUntilCaughtUp();
    expect(await anonymousTitle(patient, poemId)).toBe('written while the replica waits');
  });

  it('costs no read when it stops under a read load, and takes the reads back once started', async () => {
    let over = false;
    const running = readLoad(strict, { durationMs: 60_000, stopWhen: () => over });
    await sleep(500);
    await replica.stop();
    const noticedDownMs = await stateBecomes(strict, 'down');
    const downMetrics = await servedBy(strict);
    expect(downMetrics.inUse).toBe(0);
    await sleep(1_000);
    const stillDown = await servedBy(strict);
    await replica.start();
    const backInUseMs = await stateBecomes(strict, 'in_use');
    await sleep(1_000);
    over = true;
    const load = await running;
    const after = await servedBy(strict);
    console.log(
      summaryLine(
        'read replica: stopped under load',
        load,
        `"down" ${Math.round(noticedDownMs)} ms after the stop, "in_use" ${Math.round(backInUseMs)} ms after the start; ` +
          `served while down: primary ${stillDown.primary - downMetrics.primary}, replica ${stillDown.replica - downMetrics.replica}`,
      ),
    );
    expect(histogram(load.records)).toEqual({ 200: load.records.length });
    expect(stillDown.primary).toBeGreaterThan(downMetrics.primary);
    expect(stillDown.replica).toBe(downMetrics.replica);
    expect(after.inUse).toBe(1);
    expect(after.replica).toBeGreaterThan(stillDown.replica);
  });

  it('is left for the primary while it lags past READ_REPLICA_MAX_LAG, and taken back once caught up', async () => {
    const poemId = poems[1] as string;
    await replica.pauseReplay();
    try {
      await retitle(strict, poemId, 'written while the replica lags');
      const noticedMs = await stateBecomes(strict, 'lagging');
      const lagging = await readyz(strict);
      expect(lagging.read_replica.lag_seconds).toBeGreaterThan(1);
      // the primary answers anonymous readers: they see the new text
      const before = await servedBy(strict);
      expect(await anonymousTitle(strict, poemId)).toBe('written while the replica lags');
      const during = await servedBy(strict);
      expect(during.inUse).toBe(0);
      expect(during.lag).toBeGreaterThan(1);
      expect(during.primary).toBeGreaterThan(before.primary);
      expect(during.replica).toBe(before.replica);
      console.log(
        `read replica: "lagging" ${Math.round(noticedMs)} ms after an edit with replay paused; ` +
          `/readyz ${JSON.stringify(lagging.read_replica)}`,
      );
    } finally {
      await replica.resumeReplay();
    }
    const backMs = await stateBecomes(strict, 'in_use');
    const before = await servedBy(strict);
    expect(await anonymousTitle(strict, poemId)).toBe('written while the replica lags');
    const after = await servedBy(strict);
    expect(after.replica).toBeGreaterThan(before.replica);
    expect(after.lag).toBeLessThanOrEqual(1);
    console.log(`read replica: back "in_use" ${Math.round(backMs)} ms after replay resumed`);
  });
});
