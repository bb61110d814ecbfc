import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { workspace } from './workspace.js';

const run = promisify(execFile);

/** Makes the production bundle in `dir` (a folder that does not exist yet) as the Dockerfile does. */
export async function buildBundle(dir: string): Promise<void> {
  await run('bash', [path.join(workspace, 'scripts/build-bundle.sh'), dir], { cwd: workspace });
}

/** The packages the bundle installs, as pnpm names their folders: `name@version` (`@scope+name@...`). */
export async function installedPackages(dir: string): Promise<string[]> {
  return readdir(path.join(dir, 'node_modules/.pnpm'));
}

/** What `du -sh` says of the bundle. */
export async function sizeOf(dir: string): Promise<string> {
  const { stdout } = await run('du', ['-sh', dir]);
  return stdout.split('\t')[0] as string;
}
