import { describe, expect, it } from 'vitest';
import { browserCookie } from './support/authors.js';
import { recordingPhone } from './support/browser-page.js';
import { authorWithPages, pageRoutes, webBuild } from './support/page-routes.js';
import { useServiceAndBrowser } from './support/service-and-browser.js';

/**
 * The most compressed JavaScript a page may ship. Every page works without scripts (its forms
 * post, and the answer redirects or shows the form again), so what it loads is an enhancement.
 */
const MAX_SCRIPT_BYTES = 40 * 1024;

const running = useServiceAndBrowser({ GENERAL_REQUESTS_PER_IP: '100000' });

describe('the scripts of every page', () => {
  it(`come to at most ${MAX_SCRIPT_BYTES / 1024} KB compressed, logged in, on a phone with an empty cache`, async () => {
    const routes = pageRoutes(await webBuild()).filter(({ document }) => document);
    expect(routes.map(({ id }) => id)).toEqual(
      expect.arrayContaining(['routes/login', 'routes/signup', 'routes/studio/poem', 'routes/poem']),
    );
    const { client, cookie, params } = await authorWithPages(running.service.url);
    // The walk's poem is published; a draft's writing page has its share link besides.
    const { poem: draft } = await client.me.poems.create({ body: {} });
    const paths = [...routes.map((route) => route.urls(params).path), `/studio/poem/${draft.id}`];
    const shipped: Record<string, number> = {};
    for (const path of paths) {
      const { context, page, transfers } = await recordingPhone(running.browser, running.service.url);
      await context.addCookies([browserCookie(cookie, running.service.url)]);
      await page.goto(path, { waitUntil: 'networkidle' });
      shipped[path] = (await transfers())
        .filter(({ type }) => type === 'script')
        .reduce((sum, { bodyBytes }) => sum + bodyBytes, 0);
      await context.close();
    }
    console.table(shipped);
    expect(Object.entries(shipped).filter(([, bytes]) => bytes > MAX_SCRIPT_BYTES)).toEqual([]);
  });
});
