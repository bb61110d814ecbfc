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
import { freePorts } from '@poetry/test-support/free-ports';
import { recordedMigrations } from '@poetry/test-support/recorded-migrations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedMigrations, errorLines, startAtTheMigrationLock } from '../src/migration-race.js';
import { type PostgresServer, startPostgres } from '../src/postgres-server.js';

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
  ({ servers } = await startAtTheMigrationLock(postgres.url, 2, start));
  [one, other] = servers as [ApiServer, ApiServer];
});

afterAll(async () => {
  await Promise.all(servers.map((api) => api.stop()));
  await postgres?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('two API processes on one database', () => {
  it('apply the migrations once when they start together', async () => {
    const applied = [one, other].map(appliedMigrations);
    expect(applied.map((lists) => lists.length).sort()).toEqual([0, 1]);
    const names = applied.flat()[0] ?? [];
    expect(names.length).toBeGreaterThan(0);
    expect(await recordedMigrations(postgres.url)).toEqual(names);
    console.log(`two processes: migrations ${JSON.stringify(names)} applied by one process, recorded once`);
    for (const api of [one, other]) expect(errorLines(api)).toEqual([]);
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
