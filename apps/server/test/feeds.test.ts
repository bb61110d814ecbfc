import http from 'node:http';
import { POEM_BODY_MAX, type Poem } from '@poetry/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atLimit, SHAPES } from './support/authored-content.js';
import { signedUpAuthor } from './support/authors.js';
import { launchChromium } from './support/browser.js';
import { newBrowserPage } from './support/browser-page.js';
import { type ParsedFeed, parseFeed } from './support/feed-parser.js';
import { PRIVATE, SHARED } from './support/reader-caching.js';
import { published } from './support/reader-seed.js';
import { type Service, startService } from './support/service.js';

const ATOM = 'application/atom+xml; charset=utf-8';
/** The most poems a feed carries. */
const FEED_ENTRIES = 50;

/** A title with every character XML and HTML treat specially, and one outside the BMP. */
const TRICKY_TITLE = `Less <than> & "more", 'said' 🌊`;
/** Markup that must arrive as text, an indent, a control character XML cannot carry, blank lines. */
const TRICKY_BODY =
  'A <b>bold</b> & <script>alert("x")</script> line\n  an indented one\u0007\n\n\n\nsecond <i>stanza</i> &amp; end';
/** `TRICKY_BODY` as the feed's HTML: a `<p>` per stanza, `<br>` per line, its markup escaped. */
const TRICKY_HTML =
  '<p>A &lt;b&gt;bold&lt;/b&gt; &amp; &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; line<br>' +
  '\u00a0\u00a0an indented one\uFFFD</p>\n<p>second &lt;i&gt;stanza&lt;/i&gt; &amp;amp; end</p>';

let service: Service;
let browser: Browser;
/** A blank page of the browser, whose XML parser checks every feed too. */
let xmlPage: Page;
let world: Awaited<ReturnType<typeof seedFeeds>>;

/**
 * Two poets: one with more published poems than a feed holds, one with a poem of `TRICKY_*`,
 * an older one, and a draft, a scheduled and a withdrawn poem (tagged `sea` and `unfinished`:
 * no published poem carries `unfinished`); a public collection and a private one.
 */
async function seedFeeds(baseUrl: string) {
  const [many, { client, author }] = await Promise.all([
    signedUpAuthor(baseUrl, 'Many', 'Lines'),
    signedUpAuthor(baseUrl, 'Ada', 'Feeds'),
  ]);
  for (let n = 1; n <= FEED_ENTRIES + 1; n += 1) {
    await published(many.client, `Line ${n}`, `Line ${n} of many`, ['many']);
  }
  const older = await published(client, 'Morning Tide', 'First line\nsecond line', ['sea']);
  const tricky = await published(client, TRICKY_TITLE, TRICKY_BODY, ['sea', 'night']);

  const unfinished = async (title: string, changes: { publish_at?: string; is_published?: boolean }) => {
    const { poem } = await client.me.poems.create({ body: {} });
    const body = { title, body: `${title}\nnot for readers`, tags: ['sea', 'unfinished'] };
    await client.me.poems.update({ params: { poemId: poem.id }, body });
    if (changes.is_published === false) {
      await client.me.poems.update({ params: { poemId: poem.id }, body: { is_published: true } });
    }
    return (await client.me.poems.update({ params: { poemId: poem.id }, body: changes })).poem;
  };
  const hidden = [
    await unfinished('Draft Only', {}),
    await unfinished('Scheduled', { publish_at: new Date(Date.now() + 86_400_000).toISOString() }),
    await unfinished('Withdrawn', { is_published: false }),
  ];

  const collectionOf = async (title: string, isPublic: boolean, poems: Poem[]) => {
    const { collection } = await client.me.collections.create({ body: { title, is_public: isPublic } });
    for (const poem of poems) {
      await client.me.collections.poems.add({
        params: { collectionId: collection.id, poemId: poem.id },
        body: {},
      });
    }
    return collection;
  };
  const shore = await collectionOf('Shore <Songs> & more', true, [older, tricky]);
  const secret = await collectionOf('Secret', false, [older]);

  /** The poems of `author` as anyone reads them now, newest first. */
  const poemsOf = async (authorId: string) =>
    (await client.author.poems.list({ params: { authorId }, query: { limit: 100 } })).poems;
  return {
    poet: author,
    many: many.author,
    cookie: await client.session.header(baseUrl),
    hidden,
    shore,
    secret,
    poems: await poemsOf(author.id),
    manyPoems: await poemsOf(many.author.id),
  };
}

beforeAll(async () => {
  [service, browser] = await Promise.all([
    startService({ GENERAL_REQUESTS_PER_IP: '100000' }),
    launchChromium(),
  ]);
  xmlPage = (await newBrowserPage(browser, {})).page;
  world = await seedFeeds(service.url);
});

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${service.url}${path}`, { headers });

/** What Chromium's XML parser (libxml2's rules) says is wrong with `xml`; null when it is well-formed. */
const xmlError = (xml: string) =>
  xmlPage.evaluate(
    (text) =>
      new DOMParser().parseFromString(text, 'application/xml').querySelector('parsererror')?.textContent ??
      null,
    xml,
  );

/**
 * The feed at `path`, fetched anonymously: Atom, well-formed XML for Chromium, read whole by
 * feedparser, its id, self and page links on the public URL.
 */
async function feedAt(path: string, pagePath: string): Promise<ParsedFeed> {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type')).toBe(ATOM);
  const xml = await response.text();
  expect(await xmlError(xml)).toBeNull();
  const feed = await parseFeed(xml);
  expect(feed.meta['#type']).toBe('atom');
  expect(feed.meta.xmlurl).toBe(`${service.url}${path}`);
  expect(feed.meta.link).toBe(`${service.url}${pagePath}`);
  expect((feed.meta as Record<string, unknown>)['atom:id']).toMatchObject({ '#': `${service.url}${path}` });
  return feed;
}

/** An entry as the poem says: title, links and id, times, author, tags. */
function expectEntryOf(item: ParsedFeed['items'][number], poem: Poem) {
  const url = `${service.url}/poem/${poem.id}`;
  expect(item.title).toBe(poem.title);
  expect(item.link).toBe(url);
  expect(item.guid).toBe(url);
  expect(item.pubdate?.toISOString()).toBe(poem.published_at);
  expect(item.date?.toISOString()).toBe(poem.updated_at);
  expect(item.author).toBe(poem.author.fullname);
  expect((item as Record<string, unknown>)['atom:author']).toMatchObject({
    uri: { '#': `${service.url}/@${poem.author.username}` },
  });
  expect(item.categories).toEqual(poem.tags);
}

const titles = (feed: ParsedFeed) => feed.items.map((item) => item.title);

describe('Atom feeds', () => {
  it('the site feed: the newest 50 published poems, newest first, each whole', async () => {
    const feed = await feedAt('/feed.xml', '/');
    const newest = [...world.poems, ...world.manyPoems].slice(0, FEED_ENTRIES);
    expect(titles(feed)).toEqual(newest.map((poem) => poem.title));
    for (const [index, item] of feed.items.entries()) expectEntryOf(item, newest[index] as Poem);
    expect(feed.meta.date?.toISOString()).toBe(world.poems[0]?.updated_at);
    expect(feed.items.find((item) => item.title === 'Morning Tide')?.description).toBe(
      '<p>First line<br>second line</p>',
    );
  });

  it("an author's feed: their published poems only, never a draft, a scheduled or a withdrawn poem", async () => {
    const feed = await feedAt(`/@${world.poet.username}/feed.xml`, `/@${world.poet.username}`);
    expect(titles(feed)).toEqual([TRICKY_TITLE, 'Morning Tide']);
    for (const [index, item] of feed.items.entries()) expectEntryOf(item, world.poems[index] as Poem);
    expect(feed.meta.title).toBe('Poems by Ada Feeds on Poetry');
  });

  it('a title and a text with markup, quotes, an emoji and a control character arrive as written', async () => {
    const feed = await feedAt(`/@${world.poet.username}/feed.xml`, `/@${world.poet.username}`);
    const [item] = feed.items;
    expect(item?.title).toBe(TRICKY_TITLE);
    expect(item?.description).toBe(TRICKY_HTML);
    expect((item as Record<string, unknown>)['atom:content']).toMatchObject({ '@': { type: 'html' } });
  });

  it("a public collection's feed; a private or unknown collection has none, even for its owner", async () => {
    const shorePath = `/@${world.poet.username}/collection/${world.shore.id}`;
    const feed = await feedAt(`${shorePath}/feed.xml`, shorePath);
    expect(feed.meta.title).toBe('Shore <Songs> & more, a collection by Ada Feeds on Poetry');
    expect(titles(feed)).toEqual([TRICKY_TITLE, 'Morning Tide']);
    const secret = `/@${world.poet.username}/collection/${world.secret.id}/feed.xml`;
    expect((await get(secret)).status).toBe(404);
    expect((await get(secret, { cookie: world.cookie })).status).toBe(404);
  });

  it("a tag's feed; a tag only unpublished poems carry has none", async () => {
    const feed = await feedAt('/tag/sea/feed.xml', '/tag/sea');
    expect(titles(feed)).toEqual([TRICKY_TITLE, 'Morning Tide']);
    expect(feed.meta.title).toBe('Poems tagged #sea on Poetry');
    expect((await get('/tag/unfinished/feed.xml')).status).toBe(404);
  });

  it('unknown and hostile addresses are 404, never 5xx, beside the feeds that are', async () => {
    const poet = `/@${world.poet.username}`;
    const feeds = [`${poet}/feed.xml`, `${poet}/collection/${world.shore.id}/feed.xml`, '/tag/sea/feed.xml'];
    const none = [
      '/@nobody-at-all/feed.xml',
      '/@/feed.xml',
      `/${world.poet.username}/feed.xml`,
      `/@${'x'.repeat(3000)}/feed.xml`,
      '/@%3Cscript%3E/feed.xml',
      '/@..%2F..%2Fapi%2Fme/feed.xml',
      '/@%00/feed.xml',
      `${poet}/collection/not-a-uuid/feed.xml`,
      `${poet}/collection/00000000-0000-7000-8000-000000000000/feed.xml`,
      `/@${world.many.username}/collection/${world.shore.id}/feed.xml`,
      '/tag/no-such-tag/feed.xml',
      '/tag/sea,night/feed.xml',
      '/tag/%20/feed.xml',
      `/tag/${'t'.repeat(41)}/feed.xml`,
      '/tag/%00/feed.xml',
    ];
    const statusOf = async (path: string) => `${path} ${(await get(path)).status}`;
    expect(await Promise.all([...feeds, ...none].map(statusOf))).toEqual([
      ...feeds.map((path) => `${path} 200`),
      ...none.map((path) => `${path} 404`),
    ]);
  });

  it('is cached like the reader pages, with an ETag of its content and 304 when it is held', async () => {
    const path = `/@${world.poet.username}/feed.xml`;
    const anonymous = await get(path);
    expect(anonymous.headers.get('cache-control')).toBe(SHARED);
    expect(anonymous.headers.get('vary')).toMatch(/\bCookie\b/);
    const etag = anonymous.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await get(path, { cookie: world.cookie })).headers.get('cache-control')).toBe(PRIVATE);

    for (const held of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const answer = await get(path, { 'if-none-match': held });
      expect(answer.status, held).toBe(304);
      expect(await answer.text()).toBe('');
      expect(answer.headers.get('etag')).toBe(etag);
      expect(answer.headers.get('cache-control')).toBe(SHARED);
    }
    expect((await get(path, { 'if-none-match': '"other"' })).status).toBe(200);
    // The same content, the same tag; the site's feed is another content.
    expect((await get(path)).headers.get('etag')).toBe(etag);
    expect((await get('/feed.xml')).headers.get('etag')).not.toBe(etag);
  });

  it("names the public URL, never the request's Host", async () => {
    const xml = await new Promise<string>((resolve, reject) => {
      const { port } = new URL(service.url);
      http
        .get(
          { host: '127.0.0.1', port, path: '/feed.xml', headers: { host: 'evil.example' } },
          (response) => {
            let body = '';
            response.setEncoding('utf8').on('data', (chunk: string) => {
              body += chunk;
            });
            response.on('end', () => resolve(body));
          },
        )
        .on('error', reject);
    });
    const feed = await parseFeed(xml);
    expect(feed.meta.xmlurl).toBe(`${service.url}/feed.xml`);
    expect(xml).not.toContain('evil.example');
  });

  it('is linked from its page, by a link a feed reader follows', async () => {
    const { context, page } = await newBrowserPage(browser, { javaScriptEnabled: false });
    const author = `/@${world.poet.username}`;
    const shore = `${author}/collection/${world.shore.id}`;
    const pages = [
      ['/', 'New poems on Poetry'],
      [author, 'Poems by Ada Feeds on Poetry'],
      [shore, 'Shore <Songs> & more, a collection by Ada Feeds on Poetry'],
      ['/tag/sea', 'Poems tagged #sea on Poetry'],
    ] as const;
    for (const [pagePath, title] of pages) {
      await page.goto(`${service.url}${pagePath}`);
      const link = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
      expect(await link.count(), pagePath).toBe(1);
      expect(await link.getAttribute('title')).toBe(title);
      const href = (await link.getAttribute('href')) ?? '';
      expect(href).toBe(`${service.url}${pagePath === '/' ? '' : pagePath}/feed.xml`);
      expect((await feedAt(new URL(href).pathname, pagePath)).meta.title).toBe(title);
    }
    // A tag no published poem carries has no feed to link.
    await page.goto(`${service.url}/tag/unfinished`);
    expect(await page.locator('link[type="application/atom+xml"]').count()).toBe(0);
    await context.close();
  });

  it('carries 50 poems at the body limit whole, while the service answers other requests', {
    timeout: 300_000,
  }, async () => {
    const { client, author } = await signedUpAuthor(service.url, 'Long', 'Lines');
    const shapes = Object.values(SHAPES);
    for (let n = 0; n < FEED_ENTRIES; n += 1) {
      const body = atLimit(`long${n}`, shapes[n % shapes.length] ?? '', POEM_BODY_MAX);
      await published(client, `Long ${n}`, body, []);
    }
    // Small requests one after another while the feed is made: their longest wait is about the
    // longest the service's event loop was held.
    let making = true;
    const waits: number[] = [];
    const probe = (async () => {
      while (making) {
        const started = performance.now();
        await get('/readyz');
        waits.push(performance.now() - started);
      }
    })();
    const started = performance.now();
    const xml = await (await get(`/@${author.username}/feed.xml`)).text();
    const ms = performance.now() - started;
    making = false;
    await probe;

    const feed = await parseFeed(xml);
    expect(feed.items).toHaveLength(FEED_ENTRIES);
    for (const [index, item] of feed.items.entries()) {
      const n = FEED_ENTRIES - 1 - index;
      expect(item.title).toBe(`Long ${n}`);
      expect(item.description).toMatch(new RegExp(`^<p>long${n}\\b.*</p>$`, 's'));
    }
    console.log(
      `feed of ${FEED_ENTRIES} poems × ${POEM_BODY_MAX} characters: ${(Buffer.byteLength(xml) / 1e6).toFixed(1)} MB ` +
        `in ${ms.toFixed(0)} ms; ${waits.length} requests meanwhile, the longest ${Math.max(...waits).toFixed(0)} ms`,
    );
  });
});
