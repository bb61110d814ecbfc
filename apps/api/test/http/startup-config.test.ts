import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

/** Starts the real entry point with `env` and collects how it ended. */
function start(env: Record<string, string>) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/main.ts'],
      { cwd: apiDir, env: { PATH: process.env.PATH, ...env }, timeout: 20_000 },
      (error, _stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stderr }),
    );
  });
}

describe.concurrent('start-up configuration', () => {
  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/poetry' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ NODE_ENV: 'production', DATABASE_URL: 'postgres://localhost/poetry' }, 'SESSION_SECRET'],
  ])('refuses %o and names %s', async (env, variable) => {
    const { code, stderr } = await start(env);
    expect(code).toBe(1);
    expect(stderr).toContain(`${variable}:`);
    expect(stderr).not.toMatch(/\bat .+\.(ts|js):\d+/);
  });
});
