import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  // The contract is part of the SDK on npm: its code and its types are bundled in.
  noExternal: ['@poetry/contract'],
  dts: { resolve: ['@poetry/contract'] },
  tsconfig: 'tsconfig.build.json',
  platform: 'neutral',
  target: 'es2022',
  sourcemap: true,
  clean: true,
});
