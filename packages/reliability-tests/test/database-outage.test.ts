/**
 * Database outage. The production build runs on a PostgreSQL of the test's own (DATABASE_URL),
 * under a mixed load of 20 connections. The test stops PostgreSQL (fast shutdown) for 3 s and
 * starts it again on the same data and port. Meanwhile no request may hang past 5 s or be
 * dropped, and none may fail other than with 503 problem+json `unavailable`; while PostgreSQL is
 * down every request and /readyz answer 503; once it is back, the same API process serves every
 * request again by itself.
 */

import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ApiServer, startApiServer } from '@poetry/contract-tests/api-server';
import { eventually } from '@poetry/test-support/eventually';
import { freePorts } from '@poetry/test-support/free-ports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../src/ledger.js';
import { castForLoad, mixedSteps } from '../src/mixed-load.js';
import { type PostgresServer, startPostgres } from '../src/postgres-server.js';
import { isProblem } from '../src/problem.js';
import { runLoad } from '../src/run-load.js';
import { type Outcome, sendOnce } from '../src/send.js';
import {
  dropped,
  histogram,
  type LoadResult,
  maxLatencyMs,
  summaryLine,
  type Tallied,
} from '../src/tally.js';

const AUTHORS = 10;
const GROUPS = 2;
const HEALTHY_MS = 2_000;
const DOWN_MS = 3_000;
const RECOVERED_MS = 3_000;
/** The bound: no request waits longer for its answer while the database is down. */
const ANSWER_LIMIT_MS = 5_000;

let dataDir: string;
let postgres: PostgresServer;
let api: ApiServer;

/** performance.now() at each turn of the outage. */
const at = { stopped: 0, starting: 0, ready: 0 };
let load: LoadResult;
let readyzWhileDown: Outcome[];
const wrongAnswers: string[] = [];

const readyz = () => sendOnce(api.info.baseUrl, { method: 'GET', path: '/readyz' });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'poetry-outage-'));
  await chmod(dataDir, 0o755);
  const [port] = (await freePorts(1)) as [number];
  postgres = await startPostgres({ dataDir: path.join(dataDir, 'postgres'), port });
  // `keep`: each 503 logs an error line, thousands of them; the test reads none.
  api = await startApiServer({ databaseUrl: postgres.url, log: 'keep' });

  let outageOver = false;
  const running = runLoad({
    baseUrl: api.info.baseUrl,
    connections: AUTHORS * GROUPS,
    durationMs: 60_000,
    stopWhen: () => outageOver,
    nextStep: mixedSteps(await castForLoad(api.info.baseUrl, AUTHORS, GROUPS), createLedger()),
    onOutcome: (outcome, step) => {
      if (outcome.status === 503 && !isProblem(outcome, 'unavailable')) {
        wrongAnswers.push(
          `${step.name}: 503 ${outcome.headers['content-type']} ${outcome.body.slice(0, 200)}`,
        );
      }
    },
  });

  await sleep(HEALTHY_MS);
  await postgres.stop();
  at.stopped = performance.now();
  readyzWhileDown = [];
  while (performance.now() < at.stopped + DOWN_MS) {
    readyzWhileDown.push(await readyz());
    await sleep(100);
  }
  at.starting = performance.now();
  await postgres.start();
  at.ready = await eventually(
    '/readyz to answer 200',
    async () => (await readyz()).status === 200 && performance.now(),
    { timeoutMs: 60_000 },
  );
  await sleep(RECOVERED_MS);
  outageOver = true;
  load = await running;

  const down = load.records.filter(whileDown);
  const recovered = load.records.filter(afterRecovery);
  console.log(
    summaryLine(
      'database outage',
      load,
      `down ${Math.round(at.starting - at.stopped)} ms: ${JSON.stringify(histogram(down))}; ` +
        `/readyz ${JSON.stringify(histogram(readyzWhileDown))}; ` +
        `ready ${Math.round(at.ready - at.starting)} ms after the start began; ` +
        `after: ${JSON.stringify(histogram(recovered))}`,
    ),
  );
});

afterAll(async () => {
  await api?.stop();
  await postgres?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** Sent once PostgreSQL had stopped, answered before its start began. */
const whileDown = (record: Tallied) => record.startedAt >= at.stopped && record.endedAt <= at.starting;
/** Sent once /readyz said ready again. */
const afterRecovery = (record: Tallied) => record.startedAt >= at.ready;

describe('database outage: PostgreSQL stopped under load, then started again', () => {
  it('answers every request, within 5 s, and fails none other than with 503 problem+json', () => {
    // Named, so that a failure says which request and whether it went over a reused connection.
    const cut = dropped(load.records).map(
      (record) => `${record.name}: ${record.error}, ${record.reusedSocket ? 'reused' : 'new'} connection`,
    );
    expect(cut).toEqual([]);
    expect(maxLatencyMs(load.records)).toBeLessThan(ANSWER_LIMIT_MS);
    const unexpected = load.records.filter((record) => ![200, 201, 503].includes(record.status as number));
    expect(histogram(unexpected)).toEqual({});
    expect(wrongAnswers).toEqual([]);
  });

  it('answers 503 to every request, and /readyz 503, while PostgreSQL is down', () => {
    const down = load.records.filter(whileDown);
    expect(down.length).toBeGreaterThan(0);
    expect(histogram(down)).toEqual({ 503: down.length });
    expect(readyzWhileDown.length).toBeGreaterThan(0);
    expect(readyzWhileDown.filter((outcome) => outcome.status !== 503)).toEqual([]);
  });

  it('serves every request again from the same process once PostgreSQL is back', () => {
    expect(api.process.exitCode).toBeNull();
    const recovered = load.records.filter(afterRecovery);
    expect(recovered.length).toBeGreaterThan(0);
    expect(recovered.filter((record) => (record.status as number) >= 300)).toEqual([]);
  });
});
