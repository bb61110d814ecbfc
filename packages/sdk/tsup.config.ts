import { writeFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';

const entry = ['src/index.ts'];
const tsconfig = 'tsconfig.build.json';

export default defineConfig([
  {
    entry,
    tsconfig,
    format: ['esm', 'cjs'],
    // The contract is part of the SDK on npm: its code and its types are bundled in.
    noExternal: ['@poetry/contract'],
    platform: 'neutral',
    target: 'es2022',
    sourcemap: true,
    // Everything but the declarations, which the build below writes at the same time.
    clean: ['!index.d.cts'],
    // One declaration file serves both formats: the ESM entry's types are the CommonJS entry's,
    // re-exported (an ES module may import a CommonJS one; the reverse needs require(esm)).
    onSuccess: () => writeFile('dist/index.d.ts', "export * from './index.cjs';\n"),
  },
  {
    entry,
    tsconfig,
    format: ['cjs'],
    dts: { only: true, resolve: ['@poetry/contract'] },
  },
]);
