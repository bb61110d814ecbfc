import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

const ID = 'virtual:public-file-versions';
const RESOLVED = `\0${ID}`;

/**
 * The module `virtual:public-file-versions`: each file of `public/` by its path (`/count-read.js`)
 * with its version, the start of the SHA-256 of its bytes, computed as the app is built. The pages
 * name the files with it (`app/lib/public-file.ts`), and the server caches a request naming the
 * version it serves for a year, since new content gets a new URL (`apps/server/src/pages.ts`).
 */
export function publicFileVersions(): Plugin {
  let folder = '';
  return {
    name: 'poetry:public-file-versions',
    configResolved(config) {
      folder = config.publicDir;
    },
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      const entries = await readdir(folder, { withFileTypes: true });
      const versions: Record<string, string> = {};
      for (const { name } of entries.filter((entry) => entry.isFile())) {
        const bytes = await readFile(path.join(folder, name));
        versions[`/${name}`] = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
      }
      return `export default ${JSON.stringify(versions)};`;
    },
  };
}
