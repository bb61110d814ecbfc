import { writeFile } from 'node:fs/promises';
import { defineConfig, type Options } from 'tsup';

const tsconfig = 'tsconfig.build.json';
const shared: Options = {
  tsconfig,
  // The contract is part of the SDK on npm: its code and its types are bundled in.
  noExternal: ['@poetry/contract'],
  target: 'es2022',
  sourcemap: true,
};

export default defineConfig([
  {
    ...shared,
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    platform: 'neutral',
    // Everything but what the builds below write at the same time.
    clean: ['!index.d.cts', '!browser.*'],
    // One declaration file serves both formats: the ESM entry's types are the CommonJS entry's,
    // re-exported (an ES module may import a CommonJS one; the reverse needs require(esm)).
    onSuccess: () => writeFile('dist/index.d.ts', "export * from './index.cjs';\n"),
  },
  {
    // The `browser` condition's entry, for bundlers, imported or required.
    ...shared,
    entry: ['src/browser.ts'],
    format: ['esm', 'cjs'],
    platform: 'browser',
  },
  {
    entry: ['src/index.ts'],
    tsconfig,
    format: ['cjs'],
    dts: { only: true, resolve: ['@poetry/contract'] },
  },
]);
