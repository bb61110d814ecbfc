import { mkdir } from 'node:fs/promises';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserCookie, signedUpAuthor } from './support/authors.js';
import { launchChromium } from './support/browser.js';
import { BROWSER_SETTINGS, newBrowserPage, recordingPhone, useBrowserPage } from './support/browser-page.js';
import { checkDarkPage, focused, titlePlacement } from './support/page-checks.js';
import { PRIVATE, SHARED } from './support/reader-caching.js';
import { FIRST_POEM, LONG_POEM, type ReaderSeed, seedReaderPages } from './support/reader-seed.js';
import { type Service, startService } from './support/service.js';
import { shownStanzas } from './support/shown-stanzas.js';
import { TEST_RESULTS, VIEWPORTS } from './support/viewports.js';

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
      // The byline's photo, 48 pixels on a screen of one device pixel a pixel: its copy that wide.
      const photo = tab.main().locator('.byline img.photo');
      await photo.evaluate((image: HTMLImageElement) => image.decode());
      expect(await photo.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/-48\.webp$/);
      expect(await photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(48);
      // The link preview is the poem's own card, on the public URL, as the API draws it.
      const meta = (selector: string) => tab.page.locator(`meta[${selector}]`).getAttribute('content');
      const card = `${service.url}/api/poem/${seed.first.id}/card`;
      expect(await meta('property="og:image"')).toBe(card);
      expect(await meta('name="twitter:image"')).toBe(card);
      expect([await meta('property="og:image:width"'), await meta('property="og:image:height"')]).toEqual([
        '1200',
        '630',
      ]);
      expect(await meta('property="og:image:alt"')).toBe(
        `${FIRST_POEM.title}, a poem by ${seed.poet.fullname}: its title and first lines`,
      );
      expect(await meta('property="og:type"')).toBe('article');
      expect(await meta('name="twitter:card"')).toBe('summary_large_image');
      const image = await tab.page.request.get(card);
      expect([image.status(), image.headers()['content-type']]).toEqual([200, 'image/png']);
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

    it('skips the header from the keyboard, names its search field, and on a phone shows the title high', async () => {
      await open(`/poem/${seed.first.id}`);
      await tab.page.keyboard.press('Tab');
      expect(await focused(tab.page)).toBe('a "Skip to content"');
      await screenshot('skip-link');
      await tab.page.keyboard.press('Enter');
      expect(await focused(tab.page)).toBe('main#main');
      // The next stop is the page's own first link, not the header's.
      await tab.page.keyboard.press('Tab');
      expect(await focused(tab.page)).toBe(`a "${seed.poet.fullname}"`);

      const search = tab.page.getByRole('banner').getByRole('searchbox', { name: 'Search poems' });
      expect(await search.getAttribute('placeholder')).toBe('Search poems');
      if (device === 'phone') {
        const { chromeBottom, titleTop } = await titlePlacement(tab.page);
        // The header in its two short lines, the title right under it (once: 150 and 186).
        expect(chromeBottom).toBeLessThan(95);
        expect(titleTop).toBeLessThan(115);
      }
    });

    it('shows a draft by its share link, kept out of search engines and without likes', async () => {
      expect(await open(`/p/${seed.shareKey}`)).toBe(PRIVATE);
      expect(await tab.main().locator('h1').textContent()).toBe('Unfinished');
      await tab.main().getByText('not published yet').waitFor();
      expect(await tab.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      // A draft has no card (the API draws published poems only): the preview is the author's banner.
      for (const image of ['property="og:image"', 'name="twitter:image"']) {
        expect(await tab.page.locator(`meta[${image}]`).getAttribute('content')).toBe(
          seed.poet.share_image_url,
        );
      }
      expect(seed.poet.share_image_url).toMatch(/^http/);
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

/** A line that wraps on a phone and on a desktop, and an indent as an author types it. */
const LONG_LINE =
  'Because I could not stop for Death, he kindly stopped for me; the carriage held but just ourselves and immortality';
const INDENT = '    ';

/**
 * Where each line in `lines` starts, by visual line (a line that wraps has more than one), from
 * the boxes of its text (Range.getClientRects): the left of the first box on each line.
 */
const lineStarts = (lines: Locator) =>
  lines.evaluateAll((spans) =>
    spans.map((span) => {
      const range = document.createRange();
      range.selectNodeContents(span);
      const starts = new Map<number, number>();
      for (const box of range.getClientRects()) {
        const top = Math.round(box.top);
        starts.set(top, Math.min(starts.get(top) ?? box.left, box.left));
      }
      return [...starts.entries()].sort(([one], [other]) => one - other).map(([, left]) => left);
    }),
  );

describe("a poem's long and indented lines", () => {
  let poemId: string;
  let authorPath: string;
  beforeAll(async () => {
    const { client, author } = await signedUpAuthor(service.url, 'Emily', 'Longlines');
    const { poem } = await client.me.poems.create({ body: {} });
    await client.me.poems.update({
      params: { poemId: poem.id },
      body: { title: 'The Chariot', body: `${LONG_LINE}\n${INDENT}${LONG_LINE}\nshort`, is_published: true },
    });
    poemId = poem.id;
    authorPath = `/@${author.username}`;
  });

  for (const setting of BROWSER_SETTINGS) {
    it(`hang a wrapped line further in than it starts, indents kept, ${setting.name}`, async () => {
      const { context, page, errors } = await newBrowserPage(browser, { ...setting, baseURL: service.url });
      await page.goto(`/poem/${poemId}`);
      if (setting.javaScriptEnabled) {
        await page.screenshot({ path: `${TEST_RESULTS}long-lines-${setting.device}.png`, fullPage: true });
      }
      expect(await shownStanzas(page)).toEqual([`${LONG_LINE}\n${INDENT}${LONG_LINE}\nshort`]);
      const [plain = [], indented = [], short = []] = await lineStarts(page.locator('.poem-body p > span'));
      // Both long lines wrap; each goes on further in than it starts (the hang is 2em, ~40 px).
      expect(plain.length).toBeGreaterThan(1);
      expect(indented.length).toBeGreaterThan(1);
      for (const [start, ...continued] of [plain, indented]) {
        for (const left of continued) expect(left - (start ?? 0)).toBeGreaterThan(20);
      }
      // The indent is as wide as the spaces typed, in the poem's type; a short line starts at the margin.
      const indentWidth = await page.locator('.poem-body').evaluate((body, indent) => {
        // Not a span: the stylesheet lays out a poem's spans as its lines.
        const probe = body.appendChild(document.createElement('bdi'));
        probe.style.whiteSpace = 'pre';
        probe.textContent = indent;
        const { width } = probe.getBoundingClientRect();
        probe.remove();
        return width;
      }, INDENT);
      expect(indentWidth).toBeGreaterThan(5);
      expect(Math.abs((indented[0] ?? 0) - (plain[0] ?? 0) - indentWidth)).toBeLessThan(1);
      expect(short).toEqual([plain[0]]);

      // A list's opening of the poem hangs its lines the same way.
      await page.goto(authorPath);
      const [opening = []] = await lineStarts(page.locator('.opening p > span'));
      expect(opening.length).toBeGreaterThan(1);
      expect((opening[1] ?? 0) - (opening[0] ?? 0)).toBeGreaterThan(20);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

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

/** The width and height a PNG's header gives. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("the site's icons and public files", () => {
  const YEAR = 'public, max-age=31536000, immutable';

  it('names each public file in the pages with its version, kept a year; without, an hour; another version, checked each time', async () => {
    const pages = await Promise.all(
      ['/', `/poem/${seed.first.id}`].map(async (path) => (await get(path)).text()),
    );
    const named = pages.flatMap((html) => [
      ...html.matchAll(/(?:href|src|content)="(?:http:\/\/[^/"]+)?(\/[\w.-]+)\?v=([0-9a-f]{16})"/g),
    ]);
    expect(new Set(named.map(([, path]) => path))).toEqual(
      new Set([
        '/favicon.ico',
        '/favicon.svg',
        '/apple-touch-icon.png',
        '/site.webmanifest',
        '/share-default.png',
        '/count-read.js',
      ]),
    );
    for (const [, path, version] of named) {
      const versioned = await get(`${path}?v=${version}`);
      expect(versioned.status, path).toBe(200);
      expect(versioned.headers.get('cache-control'), path).toBe(YEAR);
      expect(versioned.headers.get('etag'), path).toBeTruthy();

      expect((await get(path ?? '')).headers.get('cache-control'), path).toBe('public, max-age=3600');
      // A page from before a deploy, or from an instance with other files: never kept as if it matched.
      const other = await get(`${path}?v=0123456789abcdef`);
      expect(other.status, path).toBe(200);
      expect(other.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('has a favicon.ico of 16, 32 and 48 pixels, a 180-pixel touch icon and a manifest with icons of 192 and 512', async () => {
    const ico = Buffer.from(await (await get('/favicon.ico')).arrayBuffer());
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const images = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
      const entry = 6 + 16 * i;
      const png = ico.subarray(
        ico.readUInt32LE(entry + 12),
        ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8),
      );
      return { listed: ico[entry], ...pngSize(png) };
    });
    expect(images).toEqual([16, 32, 48].map((side) => ({ listed: side, width: side, height: side })));

    const touch = await get('/apple-touch-icon.png');
    expect(touch.headers.get('content-type')).toBe('image/png');
    expect(pngSize(Buffer.from(await touch.arrayBuffer()))).toEqual({ width: 180, height: 180 });

    const manifest = await get('/site.webmanifest');
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const { name, icons, theme_color, background_color } = (await manifest.json()) as {
      name: string;
      icons: { src: string; sizes: string }[];
      theme_color: string;
      background_color: string;
    };
    expect({ name, theme_color, background_color }).toEqual({
      name: 'Poetry',
      theme_color: '#fdfbf7',
      background_color: '#fdfbf7',
    });
    expect(icons.map(({ sizes }) => sizes)).toEqual(['192x192', '512x512']);
    for (const { src, sizes } of icons) {
      const side = Number(sizes.split('x')[0]);
      expect(pngSize(Buffer.from(await (await get(src)).arrayBuffer())), src).toEqual({
        width: side,
        height: side,
      });
    }
  });
});

describe('in the dark', () => {
  it('shows every kind of reader page light on dark paper, with the contrast axe asks for', async () => {
    const { context, page, errors } = await newBrowserPage(browser, {
      viewport: VIEWPORTS.phone,
      baseURL: service.url,
      colorScheme: 'dark',
    });
    const look = async (name?: string) => {
      await checkDarkPage(page);
      if (name) await page.screenshot({ path: `${TEST_RESULTS}${name}-phone-dark.png`, fullPage: true });
    };
    for (const [path, name] of [
      ['/', 'home'],
      [`/poem/${seed.first.id}`, undefined],
      [`/@${seed.poet.username}`, 'author'],
      [`/@${seed.poet.username}/collection/${seed.collection.id}`, undefined],
      ['/tag/sea', undefined],
      // Refused: the field's error beside it.
      [`/search?q=${'a'.repeat(201)}`, 'search-refused'],
      ['/signup', undefined],
      ['/poem/0190a6f2-0000-7000-8000-000000000000', undefined],
    ] as const) {
      await page.goto(path);
      await look(name);
    }
    expect(await page.locator('meta[name="color-scheme"]').getAttribute('content')).toBe('light dark');

    // A refused log in: the problem's box.
    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await page.locator('.problem-summary').waitFor();
    await look('login-refused');

    // Logged in: the like button.
    await context.addCookies([browserCookie(seed.readerCookie, service.url)]);
    await page.goto(`/poem/${seed.first.id}`);
    await page.getByRole('main').getByRole('button', { name: 'Like' }).waitFor();
    await look('poem');
    expect(errors).toEqual([]);
    await context.close();
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
