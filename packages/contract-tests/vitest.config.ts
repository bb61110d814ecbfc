import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['src/target.ts'],
    // One server and one database for the whole run: files take turns, so that the database
    // digests of the bad-input checks see no other file's writes.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
