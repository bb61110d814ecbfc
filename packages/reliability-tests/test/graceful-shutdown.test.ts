/**
 * Graceful shutdown. The production build runs on its own embedded PostgreSQL under a mixed load
 * of 20 connections, with 30 signups in flight (fully sent, read by the server) when it gets
 * SIGTERM. Every request in flight is answered (201, with `Connection: close`) and stored; new
 * connections are refused while it drains; it exits 0 within 10 s; and its embedded PostgreSQL
 * has shut down cleanly: no postmaster.pid is left, and started again on the same data it needs
 * no recovery.
 */

import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ApiServer, type Exit, startApiServer } from '@poetry/contract-tests/api-server';
import { newEmail, PASSWORD } from '@poetry/contract-tests/world';
import { eventually } from '@poetry/test-support/eventually';
import { freePorts } from '@poetry/test-support/free-ports';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tryConnect } from '../src/connect-probe.js';
import { putInFlight } from '../src/in-flight.js';
import { createLedger } from '../src/ledger.js';
import { castForLoad, mixedSteps } from '../src/mixed-load.js';
import { type PostgresServer, startPostgres } from '../src/postgres-server.js';
import { runLoad } from '../src/run-load.js';
import type { Outcome } from '../src/send.js';
import { histogram, type LoadResult, serverErrors, summaryLine } from '../src/tally.js';

const CONNECTIONS = 20;
const AUTHORS = 10;
const IN_FLIGHT = 30;
/** The bound on the whole shutdown. */
const EXIT_LIMIT_MS = 10_000;

let api: ApiServer;
let inFlightEmails: string[];
let inFlight: Outcome[];
let refusal: { code: string; apiRunning: boolean };
let exit: Exit;
const at = { sigterm: 0, exited: 0 };
let load: LoadResult;
let postgresAgain: PostgresServer | undefined;

beforeAll(async () => {
  api = await startApiServer({ log: 'keep', env: { LOG_LEVEL: 'warn' } });
  const { baseUrl } = api.info;
  const port = Number(new URL(baseUrl).port);
  let refused = false;
  const running = runLoad({
    baseUrl,
    connections: CONNECTIONS,
    durationMs: 30_000,
    stopWhen: () => refused,
    nextStep: mixedSteps(await castForLoad(baseUrl, AUTHORS, CONNECTIONS / AUTHORS), createLedger()),
    onOutcome: (outcome) => {
      if (outcome.error === 'ECONNREFUSED') refused = true;
    },
  });
  await sleep(1_500);

  inFlightEmails = Array.from({ length: IN_FLIGHT }, () => newEmail('in-flight'));
  const { answers } = await putInFlight(
    baseUrl,
    inFlightEmails.map((email) => ({
      method: 'POST',
      path: '/api/auth/signup',
      body: { email, password: PASSWORD, firstname: 'In', lastname: 'Flight' },
    })),
  );

  at.sigterm = performance.now();
  api.process.kill('SIGTERM');
  refusal = await eventually(
    'a new connection to be refused',
    async () => {
      const code = await tryConnect(port);
      // ECONNRESET: it was still waiting to be accepted when the listening socket closed; try again.
      if (code === 'connected' || code === 'ECONNRESET') return undefined;
      return { code, apiRunning: api.process.exitCode === null };
    },
    { everyMs: 10, timeoutMs: EXIT_LIMIT_MS },
  );
  inFlight = await answers;
  exit = await Promise.race([
    api.exited,
    sleep(2 * EXIT_LIMIT_MS).then(() => ({ code: null, signal: null })),
  ]);
  at.exited = performance.now();
  load = await running;

  console.log(
    summaryLine(
      'graceful shutdown',
      load,
      `in flight at SIGTERM: ${JSON.stringify(histogram(inFlight))}; ` +
        `new connection: ${refusal.code}; exit ${exit.code ?? exit.signal} ${Math.round(at.exited - at.sigterm)} ms after SIGTERM`,
    ),
  );
});

afterAll(async () => {
  await postgresAgain?.stop();
  await api?.stop();
});

describe('graceful shutdown: SIGTERM under load', () => {
  it('answers every request in flight at the SIGTERM, telling the client to close the connection', () => {
    expect(inFlight.map((outcome) => outcome.status)).toEqual(inFlightEmails.map(() => 201));
    expect(inFlight.map((outcome) => outcome.headers.connection)).toEqual(inFlightEmails.map(() => 'close'));
  });

  it('refuses new connections while it drains', () => {
    expect(refusal).toEqual({ code: 'ECONNREFUSED', apiRunning: true });
  });

  it('exits 0 within 10 s of the SIGTERM, having cut no request', () => {
    expect(exit).toEqual({ code: 0, signal: null });
    expect(at.exited - at.sigterm).toBeLessThan(EXIT_LIMIT_MS);
    expect(api.logLines().filter((line) => /"level":(50|60)|were cut/.test(line))).toEqual([]);
  });

  it('fails no request of the load: each was answered, or refused on a new connection', () => {
    expect(histogram(serverErrors(load.records))).toEqual({});
    const cut = load.records.filter(
      (record) => record.status === null && !(record.error === 'ECONNREFUSED' && !record.reusedSocket),
    );
    expect(histogram(cut)).toEqual({});
  });

  it('stops its embedded PostgreSQL cleanly, with the signups in flight stored', async () => {
    const dataDir = path.join(api.dataDir, 'postgres');
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);

    const [port] = (await freePorts(1)) as [number];
    postgresAgain = await startPostgres({ dataDir, port });
    const log = postgresAgain.logLines().join('\n');
    expect(log).toMatch(/database system was shut down at/);
    expect(log).not.toMatch(/not properly shut down|automatic recovery|interrupted/);

    const client = new pg.Client({ connectionString: postgresAgain.url });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT count(*)::int AS n FROM author WHERE email = ANY($1)', [
        inFlightEmails,
      ]);
      expect(rows[0].n).toBe(IN_FLIGHT);
    } finally {
      await client.end();
    }
  });
});
