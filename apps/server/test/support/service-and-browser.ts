import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser.js';
import { type Service, startService } from './service.js';

/**
 * For a test file: the service (configured by `env`) and Chromium, started together before its
 * tests and stopped after them. Their fields are set once the tests run.
 */
export function useServiceAndBrowser(env: Record<string, string>): { service: Service; browser: Browser } {
  const running = {} as { service: Service; browser: Browser };
  beforeAll(async () => {
    [running.service, running.browser] = await Promise.all([startService(env), launchChromium()]);
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.service?.stop();
  });
  return running;
}
