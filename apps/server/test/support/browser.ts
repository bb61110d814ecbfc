import chromium from '@sparticuz/chromium';
import { type Browser, chromium as playwright } from 'playwright-core';
import { CHROMIUM } from './unpack-chromium.js';

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
 * Headless Chromium from the @sparticuz/chromium package (installed with the project, unpacked
 * by the global setup; no download at test time). Its `--single-process` flag is left out: with
 * it the browser dies when the first context closes. With `debuggingPort`, other tools
 * (Lighthouse) can drive it too.
 */
export async function launchChromium({ debuggingPort }: { debuggingPort?: number } = {}): Promise<Browser> {
  const args = [
    ...chromium.args.filter((arg) => arg !== '--single-process'),
    ...FLAGS,
    ...(debuggingPort ? [`--remote-debugging-port=${debuggingPort}`] : []),
  ];
  const options = { executablePath: CHROMIUM, args: [...new Set(args)], headless: true };
  try {
    return await playwright.launch(options);
  } catch (error) {
    // Seen once in many runs: Chromium died with SIGSEGV while starting. No page had been opened,
    // so nothing under test is hidden by starting it again, once.
    console.warn(`Chromium did not start; starting it again. ${String(error).split('\n')[0]}`);
    return playwright.launch(options);
  }
}
