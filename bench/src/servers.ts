import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { type Sample, samplesOf, valueOrZero } from '@poetry/test-support/metrics-samples';
import { root } from './paths.js';

export type Server = { url: string; process: ChildProcess; readyMs: number; stop(): Promise<void> };

type ServerCommand = {
  /** Node (the default) or another program. */
  command?: string;
  args: string[];
  env: Record<string, string>;
  url: string;
  readyPath: string;
};

/** Spawns a server and waits until `readyPath` answers 200. */
export async function startServer({ command = process.execPath, args, env, url, readyPath }: ServerCommand) {
  const name = command === process.execPath ? args.at(-1) : path.basename(command);
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode})`);
    if (
      await fetch(url + readyPath).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (performance.now() - started > 180_000) {
      await stop();
      throw new Error(`${name} not ready within 180 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const readyMs = performance.now() - started;
  return { url, process: child, readyMs, stop };
}

export type ServiceOptions = {
  port: number;
  /** The embedded PostgreSQL's port; none when `env` names a DATABASE_URL. */
  databasePort?: number;
  dataDir: string;
  secret: string;
  /** More configuration, over the defaults below. */
  env?: Record<string, string>;
};

/** What is measured: the service as `pnpm start` runs it (`apps/server`), the API and the pages on one port. */
export const SERVICE_ENTRY = 'apps/server/dist/main.js';

/** The production build of the service, on its embedded PostgreSQL under `dataDir` unless `env` names another. */
export function startService({
  port,
  databasePort,
  dataDir,
  secret,
  env = {},
}: ServiceOptions): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  return startServer({
    args: ['--enable-source-maps', path.join(root, SERVICE_ENTRY)],
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      // production as deployed: Secure cookies, behind a TLS-terminating proxy on loopback
      SECURE_COOKIES: 'true',
      TRUST_PROXY: 'loopback',
      SESSION_SECRET: secret,
      DATA_DIR: dataDir,
      ...(databasePort === undefined ? {} : { EMBEDDED_PG_PORT: String(databasePort) }),
      // One line per request would measure the terminal; warnings and errors still show.
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES_PER_IP: '1000000',
      SIGNUPS_PER_IP: '1000000',
      // Every request comes from 127.0.0.1; the limit stays on, so its cost is measured.
      GENERAL_REQUESTS_PER_IP: '1000000000',
      ...env,
    },
    url,
    readyPath: '/readyz',
  });
}

/** One of the bench's own servers, `bench/src/<file>` under tsx, with a pool of 10 connections. */
function startBenchServer(file: string, port: number, env: Record<string, string>, readyPath: string) {
  return startServer({
    args: ['--import', 'tsx', path.join(root, 'bench/src', file)],
    env: { PORT: String(port), POOL_MAX: '10', ...env },
    url: `http://127.0.0.1:${port}`,
    readyPath,
  });
}

/** The floor: node:http + pg over the same database. */
export function startFloor(
  port: number,
  databaseUrl: string,
  secret: string,
  publicUrl: string,
): Promise<Server> {
  return startBenchServer(
    'floor/server.ts',
    port,
    { DATABASE_URL: databaseUrl, SESSION_SECRET: secret, PUBLIC_URL: publicUrl },
    '/api/author/list/top',
  );
}

/** Express alone: scenario 1's one route in a plain Express app, with the floor's SQL and JSON. */
export function startExpressAlone(port: number, databaseUrl: string, publicUrl: string): Promise<Server> {
  return startBenchServer(
    'express-alone.ts',
    port,
    // Express's environment as the service runs it.
    { DATABASE_URL: databaseUrl, PUBLIC_URL: publicUrl, NODE_ENV: 'production' },
    '/healthz',
  );
}

/** Those of `ports` on which something on this machine already listens. */
export async function portsInUse(ports: number[]): Promise<number[]> {
  const inUse = (port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  const answers = await Promise.all(ports.map(inUse));
  return ports.filter((_, index) => answers[index]);
}

/** The samples of the service's metrics at `metricsUrl`. */
export async function scrapeMetrics(metricsUrl: string): Promise<Sample[]> {
  return samplesOf(await (await fetch(metricsUrl)).text());
}

/** The page cache's hits and misses so far, from the service's metrics at `metricsUrl`. */
export async function pageCacheAnswers(metricsUrl: string): Promise<{ hit: number; miss: number }> {
  const samples = await scrapeMetrics(metricsUrl);
  const count = (result: string) => valueOrZero(samples, 'page_cache_answers_total', { result });
  return { hit: count('hit'), miss: count('miss') };
}

/** The most memory the process has held resident (Linux `VmHWM`), in MB. */
export async function peakRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}
