import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePorts } from '@poetry/test-support/free-ports';
import type { TargetInfo } from './target-info.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;
/** Log lines kept with `log: 'keep'`; older ones are dropped. */
const KEPT_LOG_LINES = 20_000;

export type ApiServerOptions = {
  /** Added to the environment below, overriding it where they overlap. */
  env?: Record<string, string>;
  /** A database of the caller's (migrated by the API on start-up); default: the API's own embedded PostgreSQL. */
  databaseUrl?: string;
  /** `inherit` (default): the API's output goes to the test's. `keep`: kept in `logLines()`. */
  log?: 'inherit' | 'keep';
};

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

/**
 * The limits that count per IP address (or account), raised out of the way: every request of a
 * test comes from 127.0.0.1.
 */
export const RAISED_LIMITS = {
  MAIL_REQUESTS_PER_ACCOUNT: '1000000',
  MAIL_REQUESTS_PER_IP: '1000000',
  MAILS_PER_ADDRESS: '1000000',
  EMAIL_CHANGES_PER_ACCOUNT: '1000000',
  LOGIN_MAX_FAILURES_PER_IP: '1000000',
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000',
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: '1000000',
  SIGNUPS_PER_IP: '1000000',
  GENERAL_REQUESTS_PER_IP: '1000000',
};

export type ApiServer = {
  info: TargetInfo;
  /** The API's DATA_DIR: its embedded PostgreSQL cluster (`postgres/`), media, the outbox folder. */
  dataDir: string;
  process: ChildProcess;
  /** Settles when the process has exited. */
  exited: Promise<Exit>;
  /** With `log: 'keep'`, its output so far (stdout and stderr), one entry per line. */
  logLines(): string[];
  /** Stops the process (SIGTERM, SIGKILL after 15 s) if it still runs, and removes `dataDir`. */
  stop(): Promise<void>;
};

/**
 * Starts the API's production build (turbo builds it before this package's tests; alone, run
 * `pnpm --filter @poetry/api build` first) the way a fresh clone runs it: no DATABASE_URL
 * (so on its own embedded PostgreSQL) and no SMTP_URL (so mail lands in the outbox folder, where
 * the suite reads it). Limits that count per IP are raised (`RAISED_LIMITS`).
 */
export async function startApiServer(options: ApiServerOptions = {}): Promise<ApiServer> {
  const main = path.join(root, 'apps/api/dist/main.js');
  if (!existsSync(main))
    throw new Error(`${main} is missing: build the API first (pnpm --filter @poetry/api build)`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'poetry-api-'));
  // mkdtemp makes it 0700; the embedded PostgreSQL runs as its own user and must reach inside.
  await chmod(dataDir, 0o755);
  const [port, databasePort] = (await freePorts(2)) as [number, number];
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(databasePort),
      MAIL_POLL_INTERVAL_MS: '50',
      ...RAISED_LIMITS,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    stdio: [
      'ignore',
      options.log === 'keep' ? 'pipe' : 'inherit',
      options.log === 'keep' ? 'pipe' : 'inherit',
    ],
  });
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const lines = keepLines(child);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopProcess(child, exited);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(baseUrl, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    info: {
      baseUrl,
      // The embedded server's fixed credentials and database name (apps/api/src/db/embedded.ts).
      databaseUrl: options.databaseUrl ?? `postgres://postgres:postgres@127.0.0.1:${databasePort}/poetry`,
      outboxDir: path.join(dataDir, 'outbox'),
    },
    dataDir,
    process: child,
    exited,
    logLines: () => [...lines],
    stop,
  };
}

/** The child's output (stdout and stderr), one entry per line, the last KEPT_LOG_LINES kept. */
export function keepLines(child: ChildProcess): string[] {
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream?.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      lines.push(...parts);
      if (lines.length > KEPT_LOG_LINES) lines.splice(0, lines.length - KEPT_LOG_LINES);
    });
  }
  return lines;
}

/** Waits until `baseUrl/readyz` answers 200; fails if `child` exits first. */
export async function waitUntilReady(baseUrl: string, child: ChildProcess) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the API exited with code ${child.exitCode} before it was ready`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the API was not ready within ${READY_TIMEOUT_MS / 1000} s`);
}

/** SIGTERM, SIGKILL after 15 s; settles when `child` has exited. */
export async function stopProcess(child: ChildProcess, exited: Promise<Exit>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
