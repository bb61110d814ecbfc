import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { keepLines, stopProcess } from '@poetry/contract-tests/api-server';
import { eventually } from '@poetry/test-support/eventually';
import { freePort } from '@poetry/test-support/free-ports';
import pg from 'pg';
import { pgbouncerCommand } from './pgbouncer-install.js';

export type PgBouncer = {
  /** The database of `upstream`, through PgBouncer: same credentials and name, PgBouncer's port. */
  url: string;
  /** Every line PgBouncer has logged. */
  logLines(): string[];
  /** A `SHOW <what>` of its admin console, e.g. `show('STATS')`: one object per row. */
  show(what: 'STATS' | 'POOLS' | 'SERVERS' | 'CLIENTS'): Promise<Record<string, unknown>[]>;
  /** Immediate shutdown (SIGTERM); removes its configuration. */
  stop(): Promise<void>;
};

/**
 * What the API needs of PgBouncer in transaction mode (docs/operations.md, "PgBouncer"), and a
 * server pool small enough that the API's 15 connections share 3 server connections hard.
 * `settings` replace or add lines of the `[pgbouncer]` section (a check that a setting matters).
 */
const SETTINGS = {
  pool_mode: 'transaction',
  default_pool_size: '3',
  max_client_conn: '500',
  // the API names its prepared statements; PgBouncer prepares them on each server connection
  max_prepared_statements: '500',
  // both of the API's pools send it; `connect_query` sets it on the server connections instead
  ignore_startup_parameters: 'statement_timeout',
};

/** The API's `statement_timeout` (apps/api/src/db/timeouts.ts). */
const STATEMENT_TIMEOUT_MS = 5_000;

/**
 * Starts PgBouncer (fetched by the suite's global setup, `pgbouncer-install.ts`) on a free port
 * of 127.0.0.1 in front of the database of `upstream` (an embedded PostgreSQL's url: user
 * `postgres`, SCRAM), and waits until its admin console answers. Run by root, it drops to user
 * postgres (PgBouncer refuses to run as root).
 */
export async function startPgBouncer({
  upstream,
  settings = {},
}: {
  upstream: string;
  settings?: Record<string, string>;
}): Promise<PgBouncer> {
  const target = new URL(upstream);
  const database = target.pathname.slice(1);
  const user = decodeURIComponent(target.username);
  const port = await freePort();
  const dir = await mkdtemp(path.join(tmpdir(), 'poetry-pgbouncer-'));
  await chmod(dir, 0o755);
  const userlist = path.join(dir, 'userlist.txt');
  await writeFile(userlist, `"${user}" "${decodeURIComponent(target.password)}"\n`);
  const ini = path.join(dir, 'pgbouncer.ini');
  const lines = Object.entries({
    listen_addr: '127.0.0.1',
    listen_port: String(port),
    unix_socket_dir: '',
    auth_type: 'scram-sha-256',
    auth_file: userlist,
    admin_users: user,
    ...SETTINGS,
    ...settings,
  }).map(([key, value]) => `${key} = ${value}`);
  await writeFile(
    ini,
    [
      '[databases]',
      `${database} = host=${target.hostname} port=${target.port} dbname=${database} ` +
        `connect_query='SET statement_timeout = ${STATEMENT_TIMEOUT_MS}'`,
      '[pgbouncer]',
      ...lines,
      '',
    ].join('\n'),
  );

  const asRoot = process.getuid?.() === 0;
  const child = spawn(
    pgbouncerCommand.file,
    [...pgbouncerCommand.args, ...(asRoot ? ['-u', 'postgres'] : []), ini],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const log = keepLines(child);
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    await stopProcess(child, exited);
    await rm(dir, { recursive: true, force: true });
  };

  const adminUrl = new URL(upstream);
  adminUrl.port = String(port);
  adminUrl.pathname = '/pgbouncer';
  const show: PgBouncer['show'] = async (what) => {
    const client = new pg.Client({ connectionString: adminUrl.href });
    await client.connect();
    try {
      return (await client.query(`SHOW ${what}`)).rows;
    } finally {
      await client.end();
    }
  };

  try {
    await eventually(
      'PgBouncer to answer on its admin console',
      async () => {
        if (child.exitCode !== null) throw new Error(`PgBouncer exited: ${log.join('\n')}`);
        return show('POOLS').then(
          () => true,
          () => false,
        );
      },
      { timeoutMs: 10_000, everyMs: 50 },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const url = new URL(upstream);
  url.port = String(port);
  return { url: url.href, logLines: () => [...log], show, stop };
}
