import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually } from '@poetry/test-support/eventually';
import { freePorts } from '@poetry/test-support/free-ports';
import { type Exit, keepLines, stopProcess } from './api-server.js';

const require = createRequire(import.meta.url);
const PRISM = path.join(path.dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist/index.js');
const READY_TIMEOUT_MS = 60_000;

export type PrismProxy = {
  baseUrl: string;
  /** What Prism logged of each violation it found, in a request or an answer. */
  violations(): string[];
  stop(): Promise<void>;
};

/**
 * Stoplight Prism in proxy mode before `upstream`, holding every exchange to the OpenAPI document
 * that `upstream` serves. With `--errors` it answers a problem (500 for an answer, 422 for a
 * request) in place of anything that violates the document, and it logs each violation.
 */
export async function startPrismProxy(upstream: string): Promise<PrismProxy> {
  const dir = await mkdtemp(path.join(tmpdir(), 'poetry-prism-'));
  const document = path.join(dir, 'openapi.json');
  await writeFile(document, await (await fetch(`${upstream}/api/openapi.json`)).text());
  const [port] = (await freePorts(1)) as [number];
  const child = spawn(
    process.execPath,
    [PRISM, 'proxy', '--errors', '--host', '127.0.0.1', '--port', String(port), document, upstream],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const lines = keepLines(child);
  const stop = async () => {
    await stopProcess(child, exited);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await eventually(
      'Prism to listen',
      () => {
        if (child.exitCode !== null)
          throw new Error(`Prism exited with ${child.exitCode}:\n${lines.join('\n')}`);
        return lines.some((line) => line.includes('Prism is listening'));
      },
      { timeoutMs: READY_TIMEOUT_MS, everyMs: 100 },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    violations: () => lines.filter((line) => /violation/i.test(line)),
    stop,
  };
}
