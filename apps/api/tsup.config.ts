import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  clean: true,
  // Workspace packages are TypeScript sources in the workspace: bundle them. npm packages stay external.
  noExternal: [/^@poetry\//],
});
