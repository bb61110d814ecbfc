import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import chromium from '@sparticuz/chromium';
import { type Browser, chromium as playwright } from 'playwright-core';

/** Where @sparticuz/chromium unpacks its browser (`$TMPDIR/chromium`), reused by later runs; git-ignored. */
const BROWSER_DIR = fileURLToPath(new URL('../../.browser', import.meta.url));

/** Flags for this machine's closed network and a root user (no sandbox, no calls home). */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Headless Chromium from the @sparticuz/chromium package (installed with the project; no
 * download at test time). Its `--single-process` flag is left out: with it the browser dies when
 * the first context closes. With `debuggingPort`, other tools (Lighthouse) can drive it too.
 */
export async function launchChromium({ debuggingPort }: { debuggingPort?: number } = {}): Promise<Browser> {
  await mkdir(BROWSER_DIR, { recursive: true });
  const tmpdir = process.env.TMPDIR;
  process.env.TMPDIR = BROWSER_DIR;
  let executablePath: string;
  try {
    executablePath = await chromium.executablePath();
  } finally {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
  }
  const args = [
    ...chromium.args.filter((arg) => arg !== '--single-process'),
    ...FLAGS,
    ...(debuggingPort ? [`--remote-debugging-port=${debuggingPort}`] : []),
  ];
  return playwright.launch({ executablePath, args: [...new Set(args)], headless: true });
}
