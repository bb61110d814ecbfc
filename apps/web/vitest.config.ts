import { defineConfig } from 'vitest/config';
import { publicFileVersions } from './public-file-versions';

// Without vite.config.ts's React Router plugin: these tests import the app's modules, not its build.
export default defineConfig({
  plugins: [publicFileVersions()],
  test: { include: ['test/**/*.test.ts'] },
});
