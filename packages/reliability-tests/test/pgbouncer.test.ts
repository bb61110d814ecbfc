/**
 * PgBouncer in transaction mode. Two API processes (the production build) reach their PostgreSQL
 * through PgBouncer 1.24 (DATABASE_URL), with 3 server connections for the 30 or so client
 * connections of their pools, and migrate on a direct connection (DATABASE_MIGRATION_URL). Their
 * start-ups meet at the migration lock: both start, the migrations are applied once, and the
 * lock's sessions are direct. Then a mixed load on both at once (named prepared statements over
 * shared server connections): no 5xx, no dropped connection; sessions hold across requests and
 * processes; every signup's mail is delivered once, though both processes claim from one outbox
 * (`FOR UPDATE SKIP LOCKED`); and PgBouncer's own counters show the traffic went through it.
 */

import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ApiServer, startApiServer } from '@poetry/contract-tests/api-server';
import { call, succeed } from '@poetry/contract-tests/http';
import { signUp } from '@poetry/contract-tests/world';
import { eventually } from '@poetry/test-support/eventually';
import { freePorts } from '@poetry/test-support/free-ports';
import { recordedMigrations } from '@poetry/test-support/recorded-migrations';
import { startSmtpServer } from '@poetry/test-support/smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger, type Ledger } from '../src/ledger.js';
import {
  appliedMigrations,
  errorLines,
  type LockWaiter,
  startAtTheMigrationLock,
} from '../src/migration-race.js';
import { castForLoad, mixedSteps } from '../src/mixed-load.js';
import { type PgBouncer, startPgBouncer } from '../src/pgbouncer.js';
import { type PostgresServer, startPostgres } from '../src/postgres-server.js';
import { runLoad } from '../src/run-load.js';
import { dropped, histogramByName, type LoadResult, serverErrors, summaryLine } from '../src/tally.js';

/** Per process: 10 authors × 2 groups = 20 connections, 40 on PgBouncer's 3 server connections. */
const AUTHORS = 10;
const GROUPS = 2;
const LOAD_MS = 6_000;

let dataDir: string;
let postgres: PostgresServer;
let bouncer: PgBouncer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let servers: ApiServer[] = [];
let waiters: LockWaiter[];
let pgbouncerServerPorts: number[];
const loads: LoadResult[] = [];
const ledgers: Ledger[] = [];
let castSignups = 0;

type Stats = { total_xact_count: number; total_server_parse_count: number; total_bind_count: number };

const poetryStats = async () =>
  (await bouncer.show('STATS')).find((row) => row.database === 'poetry') as unknown as Stats;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'poetry-pgbouncer-'));
  await chmod(dataDir, 0o755);
  const [port] = (await freePorts(1)) as [number];
  postgres = await startPostgres({ dataDir: path.join(dataDir, 'postgres'), port });
  bouncer = await startPgBouncer({ upstream: postgres.url });
  smtp = await startSmtpServer();
  const start = () =>
    startApiServer({
      databaseUrl: bouncer.url,
      log: 'keep',
      // `info`: the start-up lines, "applied migrations" among them.
      env: { DATABASE_MIGRATION_URL: postgres.url, SMTP_URL: smtp.url, LOG_LEVEL: 'info' },
    });
  ({ servers, waiters } = await startAtTheMigrationLock(postgres.url, 2, start));
  pgbouncerServerPorts = (await bouncer.show('SERVERS')).map((row) => Number(row.local_port));

  await Promise.all(
    servers.map(async (api) => {
      const cast = await castForLoad(api.info.baseUrl, AUTHORS, GROUPS);
      castSignups += cast.authors.length;
      const ledger = createLedger();
      ledgers.push(ledger);
      const load = await runLoad({
        baseUrl: api.info.baseUrl,
        connections: AUTHORS * GROUPS,
        durationMs: LOAD_MS,
        nextStep: mixedSteps(cast, ledger),
      });
      loads.push(load);
      console.log(summaryLine('pgbouncer', load, `accepted ${JSON.stringify(ledger.totals())}`));
    }),
  );
});

afterAll(async () => {
  await Promise.all(servers.map((api) => api.stop()));
  await bouncer?.stop();
  await smtp?.stop();
  await postgres?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('PgBouncer in transaction mode in front of two API processes', () => {
  it('lets both start at once, the migrations applied once over direct connections', async () => {
    const applied = servers.map(appliedMigrations);
    expect(applied.map((lists) => lists.length).sort()).toEqual([0, 1]);
    expect(await recordedMigrations(postgres.url)).toEqual(applied.flat()[0]);
    // the sessions that waited for the lock came straight to PostgreSQL, not from PgBouncer
    expect(waiters).toHaveLength(2);
    expect(waiters.filter((waiter) => pgbouncerServerPorts.includes(waiter.clientPort))).toEqual([]);
    for (const api of servers) expect(errorLines(api)).toEqual([]);
  });

  it('answers a mixed load on both without a 5xx or a dropped connection', () => {
    for (const load of loads) {
      expect(load.records.length).toBeGreaterThan(0);
      expect(histogramByName(serverErrors(load.records))).toEqual({});
      expect(histogramByName(dropped(load.records))).toEqual({});
      const refused = load.records.filter((record) => record.status !== null && record.status >= 300);
      expect(histogramByName(refused)).toEqual({});
    }
    for (const api of servers) expect(errorLines(api)).toEqual([]);
  });

  it('keeps a session across requests and processes, and a logout on both', async () => {
    const [one, other] = servers as [ApiServer, ApiServer];
    const author = await signUp('pooled', undefined, one.info.baseUrl);
    const seen = await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        const baseUrl = (index % 2 ? other : one).info.baseUrl;
        return (await succeed('me.get', { cookie: author.cookie, baseUrl })).author.id;
      }),
    );
    expect(new Set(seen)).toEqual(new Set([author.id]));
    await succeed('auth.logoutPost', { cookie: author.cookie, baseUrl: other.info.baseUrl });
    for (const api of servers) {
      expect((await call('me.get', { cookie: author.cookie, baseUrl: api.info.baseUrl })).status).toBe(401);
    }
  });

  it("delivers every signup's mail once, both processes claiming from one outbox", async () => {
    // the casts, the load's signups and the session check's author
    const signups = castSignups + ledgers.reduce((sum, ledger) => sum + ledger.signups, 0) + 1;
    await eventually(`${signups} mails`, () => smtp.mails.length >= signups, { timeoutMs: 20_000 });
    const perAddress = new Map<string, number>();
    for (const mail of smtp.mails) perAddress.set(mail.toAddress, (perAddress.get(mail.toAddress) ?? 0) + 1);
    expect(perAddress.size).toBe(signups);
    expect([...perAddress].filter(([, count]) => count !== 1)).toEqual([]);
  });

  it("shows in PgBouncer's own counters that the traffic went through it, on 3 server connections", async () => {
    const requests = loads.reduce((sum, load) => sum + load.records.length, 0);
    const stats = await poetryStats();
    expect(Number(stats.total_xact_count)).toBeGreaterThan(requests);
    // named statements were prepared on the server connections and bound many times over
    expect(Number(stats.total_server_parse_count)).toBeGreaterThan(0);
    expect(Number(stats.total_bind_count)).toBeGreaterThan(requests);
    const servingPoetry = (await bouncer.show('SERVERS')).filter((row) => row.database === 'poetry');
    expect(servingPoetry.length).toBeLessThanOrEqual(3);
    const [pool] = (await bouncer.show('POOLS')).filter((row) => row.database === 'poetry');
    console.log(
      `pgbouncer: ${requests} requests; STATS ${JSON.stringify(stats)}; ` +
        `${servingPoetry.length} server connections; pool ${JSON.stringify(pool)}`,
    );
  });
});
