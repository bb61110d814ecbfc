import { describe, expect, it } from 'vitest';
import { expectRefusedStart, startEntryPoint } from '../support/entry-point.js';

/** A database the start could not reach, had its configuration passed. */
const unreachable = { DATABASE_URL: 'postgres://127.0.0.1:1/poetry' };

/** A production configuration that passes every check (its database is not reachable). */
const production = {
  NODE_ENV: 'production',
  ...unreachable,
  SESSION_SECRET: 'a-secret-of-our-own-0123456789',
  SECURE_COOKIES: 'true',
  TRUST_PROXY: 'loopback',
};

// Each start loads the whole API through tsx: on a busy machine one can take many seconds.
describe.concurrent('start-up configuration', { timeout: 60_000 }, () => {
  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/poetry' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ TRUST_PROXY: 'the-load-balancer' }, 'TRUST_PROXY'],
    [{ ...unreachable, DATABASE_READ_URL: 'mysql://replica/poetry' }, 'DATABASE_READ_URL'],
    [{ ...unreachable, DATABASE_MIGRATION_URL: 'localhost/poetry' }, 'DATABASE_MIGRATION_URL'],
    [{ ...unreachable, READ_REPLICA_MAX_LAG: '0' }, 'READ_REPLICA_MAX_LAG'],
    [{ ...unreachable, READ_REPLICA_MAX_LAG: '-1' }, 'READ_REPLICA_MAX_LAG'],
    [{ ...unreachable, READ_REPLICA_MAX_LAG: 'soon' }, 'READ_REPLICA_MAX_LAG'],
    [{ NODE_ENV: 'production', DATABASE_URL: 'postgres://localhost/poetry' }, 'SESSION_SECRET'],
    [{ ...production, SECURE_COOKIES: 'false', PUBLIC_URL: 'https://poetry.example' }, 'SECURE_COOKIES'],
    [{ ...production, SECURE_COOKIES: undefined }, 'SECURE_COOKIES'],
    [{ ...production, TRUST_PROXY: 'false' }, 'TRUST_PROXY'],
    [{ ...production, TRUST_PROXY: '0' }, 'TRUST_PROXY'],
  ])('refuses %o and names %s', async (env, variable) => {
    const started = await startEntryPoint(env);
    expectRefusedStart(started);
    expect(started.stderr).toContain(`${variable}:`);
  });

  it.each([
    [undefined, /TRUST_PROXY: .*TLS-terminating proxy/],
    ['true', /TRUST_PROXY: .*any client chooses its own address.*hop count, `loopback`/],
  ])('refuses TRUST_PROXY=%s in production and says why', async (trustProxy, reason) => {
    const started = await startEntryPoint({ ...production, TRUST_PROXY: trustProxy });
    expectRefusedStart(started);
    expect(started.stderr).toMatch(reason);
  });

  it.each([production, { ...production, SECURE_COOKIES: undefined, PUBLIC_URL: 'https://poetry.example' }])(
    'passes the production checks with %o',
    async (env) => {
      // The database is unreachable on purpose: the start gets past the configuration and stops there.
      const { code, stderr } = await startEntryPoint(env);
      expect(code).toBe(1);
      expect(stderr).not.toContain('Invalid configuration');
    },
  );
});
