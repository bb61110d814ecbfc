import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A file mostly waits on its database and its server: two at a time keep two cores busy where
    // vitest's default (cores − 1) ran one.
    maxWorkers: 2,
    // Each file imports the whole API; a worker imports it once for all its files (import time
    // 63 s -> 8 s). Files share no state through modules: each builds its own app, pool and
    // database, and every fake clock is put back after its test.
    isolate: false,
  },
});
