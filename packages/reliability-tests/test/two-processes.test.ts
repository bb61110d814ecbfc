/**
 * Two API processes on one database. Both start on a fresh PostgreSQL of the test's own, and the
 * test makes their start-ups meet: it holds the migration lock until PostgreSQL shows both
 * processes waiting for it, then lets go, so they race for it at the same instant. The migrations
 * are applied once (one process applies them, the other finds nothing to do, every migration is
 * recorded once, neither logs an error). A session made on one works on the other, and a logout
 * on one holds on the other.
 */

import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ApiServer, startApiServer } from '@poetry/contract-tests/api-server';
import { call, sessionCookie, succeed } from '@poetry/contract-tests/http';
import { PASSWORD, signUp } from '@poetry/contract-tests/world';
import { eventually } from '@poetry/test-support/eventually';
import { freePorts } from '@poetry/test-support/free-ports';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresServer, startPostgres } from '../src/postgres-server.js';

/** The advisory lock apps/api/src/db/migrate.ts holds while it migrates (its MIGRATION_LOCK_KEY). */
const MIGRATION_LOCK_KEY = '7426118102261122001';

let dataDir: string;
let postgres: PostgresServer;
let servers: ApiServer[] = [];
let one: ApiServer;
let other: ApiServer;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'poetry-two-'));
  await chmod(dataDir, 0o755);
  const [port] = (await freePorts(1)) as [number];
  postgres = await startPostgres({ dataDir: path.join(dataDir, 'postgres'), port });
  // `info`: the start-up lines, "applied migrations" among them.
  const start = () => startApiServer({ databaseUrl: postgres.url, log: 'keep', env: { LOG_LEVEL: 'info' } });

  const lock = new pg.Client({ connectionString: postgres.url });
  await lock.connect();
  await lock.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
  const bothWaiting = eventually(
    'both processes to wait for the migration lock',
    async () => {
      const { rows } = await lock.query(
        `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`,
      );
      return rows[0].n === 2;
    },
    { timeoutMs: 30_000 },
  ).finally(() => lock.end()); // the lock goes with the session: the two race for it now
  const [waited, ...started] = await Promise.allSettled([bothWaiting, start(), start()]);
  servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  for (const result of [waited, ...started]) if (result.status === 'rejected') throw result.reason;
  [one, other] = servers as [ApiServer, ApiServer];
});

afterAll(async () => {
  await Promise.all(servers.map((api) => api.stop()));
  await postgres?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

type LogLine = { level: number; msg: string; migrations?: string[] };

const parsedLog = (api: ApiServer): LogLine[] =>
  api.logLines().map((line) => {
    try {
      return JSON.parse(line) as LogLine;
    } catch {
      return { level: 50, msg: line }; // not pino's: a crash or a library writing to the console
    }
  });

describe('two API processes on one database', () => {
  it('apply the migrations once when they start together', async () => {
    const applied = [one, other].map((api) =>
      parsedLog(api).filter((line) => line.msg === 'applied migrations'),
    );
    expect(applied.map((lines) => lines.length).sort()).toEqual([0, 1]);
    const names = applied.flat()[0]?.migrations ?? [];
    expect(names.length).toBeGreaterThan(0);

    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        'SELECT name FROM mikro_orm_migrations ORDER BY id',
      );
      expect(rows.map((row) => row.name)).toEqual(names);
    } finally {
      await client.end();
    }
    console.log(`two processes: migrations ${JSON.stringify(names)} applied by one process, recorded once`);
    for (const api of [one, other]) {
      expect(parsedLog(api).filter((line) => line.level >= 50)).toEqual([]);
    }
  });

  it('share sessions: made on one, it works on the other', async () => {
    const author = await signUp('traveller', undefined, one.info.baseUrl);
    const { author: seen } = await succeed('me.get', { cookie: author.cookie, baseUrl: other.info.baseUrl });
    expect(seen.id).toBe(author.id);
  });

  it('share logouts: a logout on one holds on the other', async () => {
    const author = await signUp('leaver', undefined, one.info.baseUrl);
    const login = await call('auth.login', {
      body: { email: author.email, password: PASSWORD },
      baseUrl: other.info.baseUrl,
    });
    const secondSession = sessionCookie(login);

    await succeed('auth.logoutPost', { cookie: author.cookie, baseUrl: other.info.baseUrl });
    expect((await call('me.get', { cookie: author.cookie, baseUrl: one.info.baseUrl })).status).toBe(401);
    expect((await call('me.get', { cookie: author.cookie, baseUrl: other.info.baseUrl })).status).toBe(401);

    // the author's other session lives on, on both
    for (const api of [one, other]) {
      const { author: seen } = await succeed('me.get', { cookie: secondSession, baseUrl: api.info.baseUrl });
      expect(seen.id).toBe(author.id);
    }
  });
});
