import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  clean: true,
  // @poetry/api and @poetry/web stay external: each is run from its own build (its dist/ and
  // build/), with its own dependencies.
});
