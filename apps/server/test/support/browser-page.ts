import type { Browser, BrowserContextOptions, Locator, Page, Response } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { checkPage } from './page-checks.js';
import { VIEWPORTS } from './viewports.js';

/**
 * Browser-side failures: errors in the console (a CSP refusal, a script that throws) and uncaught
 * ones. A page answered with a 4xx (a refused form, shown again with the API's messages; the 404
 * page) is not one.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * A fresh browser context (its own cookies and storage) with one page, and that page's errors.
 * Its time zone is UTC, whatever the machine's, unless `options` names another.
 */
export async function newBrowserPage(browser: Browser, options: BrowserContextOptions) {
  const context = await browser.newContext({ timezoneId: 'UTC', ...options });
  // A step that does not happen fails in 15 s, naming the step, not at the test's timeout.
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page, errors: collectErrors(page) };
}

/**
 * A fresh phone browser with JavaScript, and every response it gets: its path, kind, and the
 * bytes of its headers and of its body as they came over the wire (compressed, if it was).
 */
export async function recordingPhone(browser: Browser, baseURL: string) {
  const opened = await newBrowserPage(browser, { viewport: VIEWPORTS.phone, baseURL });
  const transfers: Promise<{ path: string; type: string; headerBytes: number; bodyBytes: number }>[] = [];
  opened.page.on('requestfinished', (request) => {
    transfers.push(
      request.sizes().then((sizes) => ({
        path: new URL(request.url()).pathname,
        type: request.resourceType(),
        headerBytes: sizes.responseHeadersSize,
        bodyBytes: sizes.responseBodySize,
      })),
    );
  });
  return { ...opened, transfers: () => Promise.all(transfers) };
}

/** The four ways every page is tried: JavaScript on and off, on a phone and on a desktop. */
export const BROWSER_SETTINGS = [true, false].flatMap((javaScriptEnabled) =>
  Object.entries(VIEWPORTS).map(([device, viewport]) => ({
    javaScriptEnabled,
    device,
    viewport,
    name: `with JavaScript ${javaScriptEnabled ? 'on' : 'off'}, on a ${device}`,
  })),
);

export type BrowserSetting = (typeof BROWSER_SETTINGS)[number];

/**
 * Two of the four, which between them try each way (JavaScript on, on a desktop; off, on a
 * phone): for long flows whose pages the four settings already try elsewhere.
 */
export const CROSSED_SETTINGS = BROWSER_SETTINGS.filter(
  ({ javaScriptEnabled, device }) => javaScriptEnabled === (device === 'desktop'),
);
export type BrowserPage = Awaited<ReturnType<typeof newBrowserPage>>;

/**
 * Clicks `button` of a form and answers the status of the POST it sends, once the page that
 * answers it has loaded: the response's headers come before its page, which a test reads next.
 */
export async function submit(page: Page, button: Locator) {
  const answer = page.waitForResponse((response) => response.request().method() === 'POST');
  const loaded = page.waitForEvent('load');
  await button.click();
  const status = (await answer).status();
  await loaded;
  return status;
}

/** A browser page of a `describe`, with what its tests do on every page. */
export type BrowserTab = BrowserPage & {
  /** What every page must have (`checkPage`), with axe where scripts run. */
  check(): Promise<void>;
  /** Opens `path` and checks the page; answers its response. */
  open(path: string): Promise<Response | null>;
  /** The page's `<main>`. */
  main(): Locator;
};

/**
 * A fresh browser page in `setting` for the tests of the enclosing `describe`: opened before
 * them (on the browser and service URL the file has started by then), closed after.
 */
export function useBrowserPage(
  setting: BrowserSetting,
  started: () => { browser: Browser; baseURL: string },
): BrowserTab {
  const { javaScriptEnabled, viewport } = setting;
  let publicUrl = '';
  const tab: BrowserTab = {
    ...({} as BrowserPage),
    check: () => checkPage(tab.page, publicUrl, { runAxe: javaScriptEnabled }),
    async open(path) {
      const response = await tab.page.goto(path);
      await tab.check();
      return response;
    },
    main: () => tab.page.getByRole('main'),
  };
  beforeAll(async () => {
    const { browser, baseURL } = started();
    publicUrl = baseURL;
    Object.assign(tab, await newBrowserPage(browser, { viewport, javaScriptEnabled, baseURL }));
  });
  afterAll(() => tab.context?.close());
  return tab;
}
