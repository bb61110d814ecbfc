import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  banner: { js: '#!/usr/bin/env node' },
  // The SDK and the contract are TypeScript sources in the workspace: bundle them.
  noExternal: [/^@poetry\//],
  clean: true,
});
