import type { ApiServer } from '@poetry/contract-tests/api-server';
import { eventually } from '@poetry/test-support/eventually';
import pg from 'pg';

/** The advisory lock apps/api/src/db/migrate.ts holds while it migrates (its MIGRATION_LOCK_KEY). */
const MIGRATION_LOCK_KEY = '7426118102261122001';

/** A session that waited for the migration lock: its server process and the port it came from. */
export type LockWaiter = { pid: number; clientPort: number };

/**
 * Starts `count` API processes (`start`) whose start-ups meet at the migration lock: the test
 * holds the lock on `databaseUrl` (a direct connection) until PostgreSQL shows every process
 * waiting for it, then lets go, so that they race for it at the same instant. Answers the
 * processes and the waiting sessions as they were at that instant.
 */
export async function startAtTheMigrationLock(
  databaseUrl: string,
  count: number,
  start: () => Promise<ApiServer>,
): Promise<{ servers: ApiServer[]; waiters: LockWaiter[] }> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  await lock.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
  const allWaiting = eventually(
    `${count} processes to wait for the migration lock`,
    async () => {
      const { rows } = await lock.query<{ pid: number; client_port: number }>(
        `SELECT l.pid, a.client_port FROM pg_locks l JOIN pg_stat_activity a USING (pid)
         WHERE l.locktype = 'advisory' AND NOT l.granted`,
      );
      return rows.length === count && rows.map((row) => ({ pid: row.pid, clientPort: row.client_port }));
    },
    { timeoutMs: 30_000 },
  ).finally(() => lock.end()); // the lock goes with the session: they race for it now
  const [waited, ...started] = await Promise.allSettled([
    allWaiting,
    ...Array.from({ length: count }, () => start()),
  ]);
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  for (const result of [waited, ...started]) {
    if (result.status === 'rejected') {
      await Promise.all(servers.map((api) => api.stop()));
      throw result.reason;
    }
  }
  return { servers, waiters: (waited as PromiseFulfilledResult<LockWaiter[]>).value };
}

type LogLine = { level: number; msg: string; migrations?: string[] };

/** The process's log (`log: 'keep'`), each line parsed as pino's JSON. */
export const parsedLog = (api: ApiServer): LogLine[] =>
  api.logLines().map((line) => {
    try {
      return JSON.parse(line) as LogLine;
    } catch {
      return { level: 50, msg: line }; // not pino's: a crash or a library writing to the console
    }
  });

/** What each process logged as `applied migrations` (LOG_LEVEL info): one list per such line. */
export const appliedMigrations = (api: ApiServer): string[][] =>
  parsedLog(api)
    .filter((line) => line.msg === 'applied migrations')
    .map((line) => line.migrations ?? []);

/** The process's lines at level error or above. */
export const errorLines = (api: ApiServer) => parsedLog(api).filter((line) => line.level >= 50);
