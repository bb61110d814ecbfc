import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

/** A production configuration that passes every check (its database is not reachable). */
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://127.0.0.1:1/poetry',
  SESSION_SECRET: 'a-secret-of-our-own-0123456789',
  SECURE_COOKIES: 'true',
  TRUST_PROXY: 'loopback',
};

/** Starts the real entry point with `env` (undefined values left out) and collects how it ended. */
function start(env: Record<string, string | undefined>) {
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
    [{ TRUST_PROXY: 'the-load-balancer' }, 'TRUST_PROXY'],
    [{ NODE_ENV: 'production', DATABASE_URL: 'postgres://localhost/poetry' }, 'SESSION_SECRET'],
    [{ ...production, SECURE_COOKIES: 'false', PUBLIC_URL: 'https://poetry.example' }, 'SECURE_COOKIES'],
    [{ ...production, SECURE_COOKIES: undefined }, 'SECURE_COOKIES'],
    [{ ...production, TRUST_PROXY: undefined }, 'TRUST_PROXY'],
    [{ ...production, TRUST_PROXY: 'false' }, 'TRUST_PROXY'],
    [{ ...production, TRUST_PROXY: '0' }, 'TRUST_PROXY'],
  ])('refuses %o and names %s', async (env, variable) => {
    const { code, stderr } = await start(env);
    expect(code).toBe(1);
    expect(stderr).toContain(`${variable}:`);
    expect(stderr).not.toMatch(/\bat .+\.(ts|js):\d+/);
  });

  it('names the TLS-terminating proxy that production needs', async () => {
    const { stderr } = await start({ ...production, TRUST_PROXY: undefined });
    expect(stderr).toMatch(/TRUST_PROXY: .*TLS-terminating proxy/);
  });

  it.each([production, { ...production, SECURE_COOKIES: undefined, PUBLIC_URL: 'https://poetry.example' }])(
    'passes the production checks with %o',
    async (env) => {
      // The database is unreachable on purpose: the start gets past the configuration and stops there.
      const { code, stderr } = await start(env);
      expect(code).toBe(1);
      expect(stderr).not.toContain('Invalid configuration');
    },
  );
});
