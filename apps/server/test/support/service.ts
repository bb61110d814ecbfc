import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePorts } from '@poetry/test-support/free-ports';

const main = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const READY_TIMEOUT_MS = 60_000;

export type Service = Awaited<ReturnType<typeof startService>>;

/**
 * The production build of the service (`dist/main.js`: the API and the pages on one port), as
 * `pnpm start` runs it, on its own embedded PostgreSQL in a fresh folder, on a random loopback
 * port that is also its public URL (mail links point here). Its log lines are kept.
 */
export async function startService(env: Record<string, string>) {
  if (!existsSync(main))
    throw new Error(`${main} is missing: run pnpm build (turbo builds it before these tests)`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'poetry-server-'));
  // mkdtemp makes it 0700; the embedded PostgreSQL runs as its own user and must reach inside.
  await chmod(dataDir, 0o755);
  const [port, databasePort] = (await freePorts(2)) as [number, number];
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(databasePort),
      MAIL_POLL_INTERVAL_MS: '50',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = keptLines(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(url, child);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${log.join('\n')}`);
  }
  return { url, log, stop };
}

function keptLines(child: ChildProcess): string[] {
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', (line) => lines.push(line));
  }
  return lines;
}

async function waitUntilReady(url: string, child: ChildProcess) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the service exited with code ${child.exitCode}`);
    if (
      await fetch(`${url}/readyz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the service was not ready within ${READY_TIMEOUT_MS / 1000} s`);
}
