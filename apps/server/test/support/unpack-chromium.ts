import { existsSync } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import chromium from '@sparticuz/chromium';

/** Where the browser is unpacked once and reused by later runs; git-ignored. */
export const BROWSER_DIR = fileURLToPath(new URL('../../.browser', import.meta.url));
export const CHROMIUM = path.join(BROWSER_DIR, 'chromium');

/**
 * Vitest's global setup: unpacks @sparticuz/chromium's browser before any test file starts.
 * The package unpacks into `$TMPDIR` and takes any file already there as whole, so test files
 * unpacking at once (Vitest runs one fewer than the machine's cores), or a run after one that
 * was stopped while unpacking, could launch a half-written binary. Here it is unpacked into a
 * folder of its own and renamed into place only when complete.
 */
export default async function unpackChromium(): Promise<void> {
  if (existsSync(CHROMIUM)) return;
  const staging = await mkdtemp(`${BROWSER_DIR}.partial-`);
  const tmpdir = process.env.TMPDIR;
  process.env.TMPDIR = staging;
  try {
    await chromium.executablePath();
  } finally {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
  }
  try {
    await rename(staging, BROWSER_DIR);
  } catch (error) {
    // Another run unpacked it first; theirs is as good as ours.
    await rm(staging, { recursive: true, force: true });
    if (!existsSync(CHROMIUM)) throw error;
  }
}
