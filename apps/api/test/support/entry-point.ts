import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

/** Starts the real entry point with `env` (undefined values left out) and collects how it ended. */
export function startEntryPoint(env: Record<string, string | undefined>) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/main.ts'],
      { cwd: apiDir, env: { PATH: process.env.PATH, ...env }, timeout: 50_000 },
      (error, _stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stderr }),
    );
  });
}

/** Asserts that a start ended with exit code 1 and an explanation without a stack trace. */
export function expectRefusedStart({ code, stderr }: { code: number | null; stderr: string }) {
  expect(code, stderr).toBe(1);
  expect(stderr).not.toMatch(/\bat .+\.(ts|js):\d+/);
}
