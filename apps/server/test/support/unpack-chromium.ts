import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeFolderWhole } from '@poetry/test-support/folder-made-whole';
import chromium from '@sparticuz/chromium';

/** Where the browser is unpacked once and reused by later runs; git-ignored. */
export const BROWSER_DIR = fileURLToPath(new URL('../../.browser', import.meta.url));
export const CHROMIUM = path.join(BROWSER_DIR, 'chromium');

/**
 * Vitest's global setup: unpacks @sparticuz/chromium's browser before any test file starts.
 * The package unpacks into `$TMPDIR` and takes any file already there as whole, so test files
 * unpacking at once (Vitest runs one fewer than the machine's cores), or a run after one that
 * was stopped while unpacking, could launch a half-written binary.
 */
export default function unpackChromium(): Promise<void> {
  return makeFolderWhole(BROWSER_DIR, 'chromium', async (staging) => {
    const tmpdir = process.env.TMPDIR;
    process.env.TMPDIR = staging;
    try {
      await chromium.executablePath();
    } finally {
      if (tmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmpdir;
    }
  });
}
