import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The contract suite runs inside one test, against the bundle: about a minute on 2 cores.
    testTimeout: 300_000,
    // Building the bundle and fetching a Node binary on a clean clone.
    hookTimeout: 180_000,
  },
});
