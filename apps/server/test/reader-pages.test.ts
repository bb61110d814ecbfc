import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserCookie } from './support/authors.js';
import { launchChromium } from './support/browser.js';
import { BROWSER_SETTINGS, recordingPhone, useBrowserPage } from './support/browser-page.js';
import { PRIVATE, SHARED } from './support/reader-caching.js';
import { FIRST_POEM, LONG_POEM, type ReaderSeed, seedReaderPages } from './support/reader-seed.js';
import { type Service, startService } from './support/service.js';
import { shownStanzas } from './support/shown-stanzas.js';
import { TEST_RESULTS } from './support/viewports.js';

let service: Service;
let browser: Browser;
let seed: ReaderSeed;

beforeAll(async () => {
  [service, browser] = await Promise.all([
    startService({ GENERAL_REQUESTS_PER_IP: '100000' }),
    launchChromium(),
  ]);
  seed = await seedReaderPages(service.url);
  await mkdir(TEST_RESULTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

for (const setting of BROWSER_SETTINGS) {
  const { javaScriptEnabled, device } = setting;
  describe(`reading ${setting.name}`, () => {
    const tab = useBrowserPage(setting, () => ({ browser, baseURL: service.url }));

    /** Opens `path` and checks the page; answers its `Cache-Control`. */
    const open = async (path: string) => (await tab.open(path))?.headers()['cache-control'];
    /** The page whole, or with `fullPage` false only what the screen shows. */
    const screenshot = async (name: string, fullPage = true) => {
      if (javaScriptEnabled)
        await tab.page.screenshot({ path: `${TEST_RESULTS}${name}-${device}.png`, fullPage });
    };

    it('reads a poem with its stanzas and line breaks, its author and tags, and its link preview', async () => {
      expect(await open('/')).toBe(SHARED);
      await tab.main().getByRole('heading', { name: 'Featured poets' }).waitFor();
      await screenshot('home');
      await tab.main().getByRole('link', { name: FIRST_POEM.title }).click();
      await tab.page.waitForURL(`/poem/${seed.first.id}`);
      await tab.check();
      await screenshot('poem');

      expect(await tab.main().locator('h1').textContent()).toBe(FIRST_POEM.title);
      expect(await shownStanzas(tab.page)).toEqual(FIRST_POEM.stanzas);
      expect(await tab.page.locator('meta[property="og:image"]').getAttribute('content')).toBe(
        seed.poet.share_image_url,
      );
      expect(seed.poet.share_image_url).toMatch(/^http/);
      expect(await tab.page.locator('meta[property="og:type"]').getAttribute('content')).toBe('article');
      expect(await tab.page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe(
        'summary_large_image',
      );
      expect(await tab.page.locator('meta[name="robots"]').count()).toBe(0);
      await tab.main().getByRole('link', { name: 'Log in to like' }).waitFor();
      expect(await tab.main().getByText('0 likes').count()).toBe(1);
      // What to read next: the author's newest other poems, not this one; no collection's way.
      const moreBy = tab.main().getByRole('region', { name: `More by ${seed.poet.fullname}` });
      expect(await moreBy.getByRole('listitem').allTextContents()).toEqual([
        'Tide 12',
        'Tide 11',
        'Tide 10',
        'Tide 9',
      ]);
      expect(
        await tab
          .main()
          .getByRole('navigation', { name: /^In the collection/ })
          .count(),
      ).toBe(0);

      await tab.main().getByRole('link', { name: '#night' }).click();
      await tab.page.waitForURL('/tag/night');
      await tab.check();
      expect(await tab.main().getByRole('link', { name: FIRST_POEM.title }).count()).toBe(1);
      expect(tab.errors).toEqual([]);
    });

    it("walks an author's poems to the second page and back, and opens a collection", async () => {
      await open(`/poem/${seed.first.id}`);
      await tab.main().getByRole('link', { name: seed.poet.fullname }).first().click();
      await tab.page.waitForURL(`/@${seed.poet.username}`);
      await tab.check();
      await screenshot('author');
      expect(await tab.page.locator('img.banner').getAttribute('src')).toBe(
        seed.poet.profile_banner_photo_url,
      );
      expect(await tab.main().getByText('15 poems').count()).toBe(1);
      const firstPage = await tab.main().locator('.poem-title').allTextContents();
      expect(firstPage).toHaveLength(10);
      // The page names its author once: no "by" under each of their poems.
      expect(await tab.main().locator('.poem-list .byline').count()).toBe(0);
      expect(await tab.main().getByRole('link', { name: 'Previous page' }).count()).toBe(0);

      await tab.main().getByRole('link', { name: 'Next page' }).first().click();
      await tab.page.waitForURL(/\?cursor=/);
      await tab.check();
      const secondPage = await tab.main().locator('.poem-title').allTextContents();
      expect(secondPage).toHaveLength(5);
      expect(secondPage.filter((title) => firstPage.includes(title))).toEqual([]);
      await tab.main().getByRole('link', { name: 'First page' }).waitFor();
      await tab.main().getByRole('link', { name: 'Previous page' }).first().click();
      await tab.page.waitForURL(/\?cursor=/);
      await tab.check();
      expect(await tab.main().locator('.poem-title').allTextContents()).toEqual(firstPage);
      expect(await tab.main().getByRole('link', { name: 'Previous page' }).count()).toBe(0);

      await tab.main().getByRole('link', { name: 'Shore Songs' }).click();
      await tab.page.waitForURL(`/@${seed.poet.username}/collection/${seed.collection.id}`);
      await tab.check();
      await tab.main().getByText('Poems from the water’s edge.').waitFor();
      await screenshot('collection');
      expect(await tab.main().locator('.poem-title').allTextContents()).toEqual([
        'Harbour Lights',
        FIRST_POEM.title,
        'Tide 12',
        'Tide 11',
      ]);
      // A collection by one author names them once; the poems of others keep their byline.
      expect(await tab.main().locator('.poem-list .byline').allTextContents()).toEqual(['by Rita Reader']);
      expect(tab.errors).toEqual([]);
    });

    it('reads a collection poem by poem, and drops its way for a collection id that names none', async () => {
      const collectionPage = `/@${seed.poet.username}/collection/${seed.collection.id}`;
      const inCollection = `?collection=${seed.collection.id}`;
      const neighbours = () => tab.main().getByRole('navigation', { name: 'In the collection Shore Songs' });
      const links = async () =>
        (await neighbours().getByRole('listitem').allTextContents()).map((t) => t.trim());
      await open(collectionPage);
      await tab.main().getByRole('link', { name: FIRST_POEM.title }).click();
      await tab.page.waitForURL(`/poem/${seed.first.id}${inCollection}`);
      await tab.check();
      await screenshot('poem-in-collection');
      expect(await links()).toEqual(['Previous poem: Harbour Lights', 'Next poem: Tide 12']);

      await neighbours().getByRole('link', { name: 'Next poem: Tide 12' }).click();
      await tab.page.waitForURL(new RegExp(`/poem/[^?]+\\${inCollection}$`));
      await tab.check();
      expect(await tab.main().locator('h1').textContent()).toBe('Tide 12');
      expect(await links()).toEqual([`Previous poem: ${FIRST_POEM.title}`, 'Next poem: Tide 11']);
      await neighbours().getByRole('link', { name: 'Next poem: Tide 11' }).click();
      await tab.page.waitForURL(new RegExp(`/poem/[^?]+\\${inCollection}$`));
      expect(await tab.main().locator('h1').textContent()).toBe('Tide 11');
      expect(await links()).toEqual(['Previous poem: Tide 12']);
      await neighbours().getByRole('link', { name: 'Shore Songs' }).click();
      await tab.page.waitForURL(collectionPage);

      for (const other of [
        'not-a-collection',
        '0190a6f2-0000-7000-8000-000000000000',
        '',
        '%00',
        'a'.repeat(4000),
      ]) {
        const response = await tab.page.goto(`/poem/${seed.first.id}?collection=${other}`);
        expect(response?.status(), other.slice(0, 40)).toBe(200);
        expect(
          await tab
            .main()
            .getByRole('navigation', { name: /^In the collection/ })
            .count(),
          other,
        ).toBe(0);
        await tab
          .main()
          .getByRole('region', { name: `More by ${seed.poet.fullname}` })
          .waitFor();
      }
      expect(tab.errors).toEqual([]);
    });

    it('opens the archive from home, and pages through every poem both ways', async () => {
      await open('/');
      await tab.main().getByRole('link', { name: 'All poems' }).click();
      await tab.page.waitForURL('/poems');
      await tab.check();
      await screenshot('archive');
      const titles = () => tab.main().locator('.poem-title').allTextContents();
      const firstPage = await titles();
      expect(firstPage).toHaveLength(10);
      expect(firstPage.slice(0, 2)).toEqual(['Harbour Lights', FIRST_POEM.title]);
      await tab.main().getByRole('link', { name: 'Next page' }).click();
      await tab.page.waitForURL(/\/poems\?cursor=/);
      await tab.check();
      const secondPage = await titles();
      expect(secondPage).toHaveLength(6);
      await screenshot('archive-second-page');
      expect(await tab.main().getByRole('link', { name: 'Next page' }).count()).toBe(0);
      await tab.main().getByRole('link', { name: 'Previous page' }).click();
      await tab.page.waitForURL(/\/poems\?cursor=/);
      expect(await titles()).toEqual(firstPage);
      await tab.main().getByRole('link', { name: 'Next page' }).click();
      await tab.page.waitForURL(/\/poems\?cursor=/);
      expect(await titles()).toEqual(secondPage);

      // The search page without words leads there too, rather than to nothing.
      await open('/search');
      await tab.main().getByRole('link', { name: 'all poems' }).click();
      await tab.page.waitForURL('/poems');
      expect(tab.errors).toEqual([]);
    });

    it('searches from the header, opens a result, and pages through a tag', async () => {
      await open('/tag/night');
      await tab.page.getByRole('search').getByLabel('Search poems').fill('lighthouse');
      await tab.page.getByRole('search').getByRole('button', { name: 'Search' }).click();
      await tab.page.waitForURL('/search?q=lighthouse');
      await tab.check();
      await tab.main().getByRole('link', { name: FIRST_POEM.title }).click();
      await tab.page.waitForURL(`/poem/${seed.first.id}`);

      await open('/search');
      expect(await tab.main().locator('.poem-list').count()).toBe(0);
      expect(await tab.main().getByLabel('Search poems').inputValue()).toBe('');

      // Words the API refuses: the form again, with its reason beside the field.
      const refused = await tab.page.goto(`/search?q=${'a'.repeat(201)}`);
      expect(refused?.status()).toBe(400);
      await tab.check();
      expect(await tab.main().getByLabel('Search poems').getAttribute('aria-describedby')).toBe(
        'search-page-error',
      );
      expect(await tab.main().locator('#search-page-error').textContent()).toMatch(/at most 200/);

      await open('/tag/sea');
      expect(await tab.main().locator('.poem-title').count()).toBe(10);
      await tab.main().getByRole('link', { name: 'Next page' }).click();
      await tab.page.waitForURL(/\/tag\/sea\?cursor=/);
      await tab.check();
      expect(await tab.main().locator('.poem-title').count()).toBe(3);
      expect(tab.errors).toEqual([]);
    });

    it('shows a draft by its share link, kept out of search engines and without likes', async () => {
      expect(await open(`/p/${seed.shareKey}`)).toBe(PRIVATE);
      expect(await tab.main().locator('h1').textContent()).toBe('Unfinished');
      await tab.main().getByText('not published yet').waitFor();
      expect(await tab.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      expect(await tab.main().getByRole('button').count()).toBe(0);
      expect(await tab.main().getByRole('link', { name: 'Log in to like' }).count()).toBe(0);
      expect(tab.errors).toEqual([]);
    });

    it('answers unknown poems, authors and collections with the 404 page', async () => {
      for (const path of [
        '/poem/0190a6f2-0000-7000-8000-000000000000',
        '/@nobody-by-that-name',
        `/@${seed.poet.username}/collection/0190a6f2-0000-7000-8000-000000000000`,
        '/p/not-a-share-key',
        `/@${seed.poet.username}?cursor=not-a-cursor`,
      ]) {
        const response = await tab.page.goto(path);
        expect(response?.status(), path).toBe(404);
        expect(await tab.page.title()).toBe('Page not found · Poetry');
      }
    });

    it('counts one read per view of a poem when its script runs, and none for a reload soon after', async () => {
      const reads: string[] = [];
      tab.page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/read')) reads.push(request.url());
      });
      const before = (await seed.poem(seed.counted.id)).metrics.read;
      const counted = javaScriptEnabled
        ? tab.page.waitForResponse((response) => response.url().endsWith(`/poem/${seed.counted.id}/read`))
        : undefined;
      await open(`/poem/${seed.counted.id}`);
      expect((await counted)?.status()).toBe(javaScriptEnabled ? 204 : undefined);
      await tab.page.reload({ waitUntil: 'networkidle' });
      expect(reads).toHaveLength(javaScriptEnabled ? 1 : 0);
      expect((await seed.poem(seed.counted.id)).metrics.read).toBe(before + reads.length);
    });

    it('likes and unlikes a poem, and follows and unfollows its author and a collection, logged in, back where the button is', async () => {
      await tab.context.addCookies([browserCookie(seed.readerCookie, service.url)]);
      /** Where the page is: the address's fragment, how far down it is, and whether `button` is on the screen. */
      const where = async (button: string) => {
        const box = await tab.main().getByRole('button', { name: button }).boundingBox();
        return {
          hash: new URL(tab.page.url()).hash,
          scrolled: (await tab.page.evaluate(() => window.scrollY)) > 0,
          buttonShown: box !== null && box.y >= 0 && box.y + box.height <= setting.viewport.height,
        };
      };

      expect(await open(`/poem/${seed.long.id}`)).toBe(PRIVATE);
      expect(await tab.main().locator('h1').textContent()).toBe(LONG_POEM.title);
      expect((await where('Like')).buttonShown, 'the like button, below the fold').toBe(false);
      await tab.main().getByRole('button', { name: 'Like' }).click();
      await tab.main().getByText('1 like', { exact: true }).waitFor();
      await tab.check();
      await screenshot('poem-liked', false);
      expect(await where('Unlike')).toEqual({ hash: '#likes', scrolled: true, buttonShown: true });
      await tab.main().getByRole('button', { name: 'Unlike' }).click();
      await tab.main().getByText('0 likes').waitFor();
      expect(await where('Like')).toEqual({ hash: '#likes', scrolled: true, buttonShown: true });

      // Read in a collection, the page comes back as it was: still in the collection.
      const inCollection = `/poem/${seed.first.id}?collection=${seed.collection.id}`;
      await open(inCollection);
      await tab.main().getByRole('button', { name: 'Like' }).click();
      await tab.page.waitForURL(`${inCollection}#likes`);
      await tab.main().getByRole('navigation', { name: 'In the collection Shore Songs' }).waitFor();
      await tab.main().getByRole('button', { name: 'Unlike' }).click();
      await tab.page.waitForURL(`${inCollection}#likes`);
      await tab.main().getByText('0 likes').waitFor();

      expect(await open(`/@${seed.poet.username}`)).toBe(PRIVATE);
      await tab.main().getByRole('button', { name: 'Follow' }).click();
      await tab.main().getByText('1 follower', { exact: true }).waitFor();
      expect((await where('Unfollow')).hash).toBe('#follow');
      await tab.main().getByRole('button', { name: 'Unfollow' }).click();
      await tab.main().getByText('0 followers').waitFor();

      expect(await open(`/@${seed.poet.username}/collection/${seed.collection.id}`)).toBe(PRIVATE);
      await tab.main().getByRole('button', { name: 'Follow' }).click();
      await tab.main().getByText('1 follower', { exact: true }).waitFor();
      await tab.check();
      expect(await where('Unfollow')).toMatchObject({ hash: '#follow', buttonShown: true });
      await tab.main().getByRole('button', { name: 'Unfollow' }).click();
      await tab.main().getByText('0 followers').waitFor();
      expect(tab.errors).toEqual([]);
      await tab.context.clearCookies();
    });
  });
}

const get = (path: string, cookie?: string) =>
  fetch(`${service.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });

describe('cache headers', () => {
  const FOREIGN_COOKIE = 'theme=dark';
  /** The reader's session cookie with a value the service never gave out. */
  const staleSession = () => `${browserCookie(seed.readerCookie, service.url).name}=s%3Aended.session`;

  it('lets shared caches keep reader pages for browsers without cookies, and nothing else', async () => {
    const readerPages = [
      '/',
      `/poem/${seed.first.id}`,
      `/@${seed.poet.username}`,
      `/@${seed.poet.username}/collection/${seed.collection.id}`,
      '/tag/sea',
      '/search?q=tide',
      '/poems',
      `/poem/${seed.first.id}?collection=${seed.collection.id}`,
      `/poem/${seed.first.id}.data`,
    ];
    for (const path of readerPages) {
      const anonymous = await get(path);
      expect(anonymous.status, path).toBe(200);
      expect(anonymous.headers.get('cache-control'), path).toBe(SHARED);
      expect(anonymous.headers.get('vary'), path).toMatch(/\bCookie\b/i);
      expect(anonymous.headers.getSetCookie(), path).toEqual([]);

      const loggedIn = await get(path, seed.readerCookie);
      expect(loggedIn.headers.get('cache-control'), path).toBe(PRIVATE);
      expect(loggedIn.headers.get('vary'), path).toMatch(/\bCookie\b/i);
    }
    for (const path of readerPages) {
      // A cookie the service did not set (another site's, sent to a shared domain) or no longer
      // knows (a session that ended): no `Set-Cookie` comes back, and the page is still someone's.
      for (const cookie of [FOREIGN_COOKIE, staleSession()]) {
        const answer = await get(path, cookie);
        expect(answer.status, `${path} with ${cookie}`).toBe(200);
        expect(answer.headers.get('cache-control'), `${path} with ${cookie}`).toBe(PRIVATE);
      }
      expect((await get(path, FOREIGN_COOKIE)).headers.getSetCookie(), path).toEqual([]);
    }
    for (const path of [
      '/login',
      '/signup',
      `/p/${seed.shareKey}`,
      '/poem/0190a6f2-0000-7000-8000-000000000000',
    ]) {
      expect((await get(path)).headers.get('cache-control'), path).toBe(PRIVATE);
    }
  });
});

describe('what a reader downloads', () => {
  it('reads a poem in under 60 KB, compressed, with one small script and none of the framework', async () => {
    const { context, page, errors, transfers } = await recordingPhone(browser, service.url);
    const counted = page.waitForResponse((response) => response.url().endsWith('/read'));
    const response = await page.goto(`/poem/${seed.first.id}`, { waitUntil: 'networkidle' });
    expect(response?.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
    expect((await counted).status()).toBe(204);

    const got = await transfers();
    const scripts = got.filter(({ type }) => type === 'script').map(({ path }) => path);
    expect(scripts).toEqual(['/count-read.js']);
    expect(await page.locator('script[type="module"], link[rel="modulepreload"]').count()).toBe(0);
    const bytes = got.reduce((sum, { headerBytes, bodyBytes }) => sum + headerBytes + bodyBytes, 0);
    expect(bytes).toBeGreaterThan(1_000);
    expect(bytes).toBeLessThan(60 * 1024);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the logout page', () => {
  it('logs nobody out on a GET: only its form, posted, does', async () => {
    const page = await get('/logout', seed.readerCookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Log out of Poetry on this browser?');
    // The session as the API knows it, with the same cookie: still the reader's.
    const me = await get('/api/me', seed.readerCookie);
    expect(me.status).toBe(200);
    expect((await me.json()).author.id).toBeTruthy();
  });
});
