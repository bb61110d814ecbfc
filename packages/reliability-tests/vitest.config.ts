import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // PgBouncer 1.24 and its libraries, fetched from Debian once (git-ignored `.pgbouncer/`).
    globalSetup: ['src/pgbouncer-install.ts'],
    // One file at a time: each starts servers of its own, and the load checks need both cores.
    fileParallelism: false,
    testTimeout: 60_000,
    // The load runs in beforeAll: 30 s of it, plus start-up and the cast.
    hookTimeout: 180_000,
  },
});
