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
  },
});
