import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { workspace } from './workspace.js';

const suiteDir = path.join(workspace, 'packages/contract-tests');

/**
 * Runs the contract suite (packages/contract-tests) against a running server, its output in
 * this test's; answers its exit code. `outboxDir`: where the server's mail can be read.
 */
export async function runContractSuite(target: {
  baseUrl: string;
  databaseUrl: string;
  outboxDir: string;
}): Promise<number | null> {
  const vitestDir = path.dirname(
    createRequire(path.join(suiteDir, 'package.json')).resolve('vitest/package.json'),
  );
  const child = spawn(process.execPath, [path.join(vitestDir, 'vitest.mjs'), 'run'], {
    cwd: suiteDir,
    env: {
      PATH: process.env.PATH,
      CONTRACT_BASE_URL: target.baseUrl,
      CONTRACT_DATABASE_URL: target.databaseUrl,
      CONTRACT_OUTBOX_DIR: target.outboxDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code));
  });
}
