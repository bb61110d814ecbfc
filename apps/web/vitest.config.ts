import { defineConfig } from 'vitest/config';

// Without vite.config.ts's React Router plugin: these tests import the app's modules, not its build.
export default defineConfig({
  test: { include: ['test/**/*.test.ts'] },
});
