import { type ChildProcess, spawn } from 'node:child_process';
import { type Exit, stopProcess, waitUntilReady } from '@poetry/contract-tests/api-server';

export type BundleProcess = {
  process: ChildProcess;
  exited: Promise<Exit>;
  /** From the spawn to the first 200 of `/readyz` through `readyUrl`. */
  startupMs: number;
  /** SIGTERM, as `docker stop` sends it (SIGKILL after 15 s); answers how it exited. */
  stop(): Promise<Exit>;
};

/**
 * Runs `command` (the image's CMD, its `node` replaced by the binary `node`) in the bundle's
 * folder with `env` alone, and waits until `readyUrl` (the proxy in front) says it is ready.
 */
export async function startBundle({
  node,
  command,
  dir,
  env,
  readyUrl,
}: {
  node: string;
  command: string[];
  dir: string;
  env: Record<string, string>;
  readyUrl: string;
}): Promise<BundleProcess> {
  const started = performance.now();
  const child = spawn(node, command.slice(1), { cwd: dir, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const stop = async () => {
    await stopProcess(child, exited);
    return exited;
  };
  try {
    await waitUntilReady(readyUrl, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { process: child, exited, startupMs: performance.now() - started, stop };
}
