import { get, type IncomingHttpHeaders } from 'node:http';
import { writePoem } from '@poetry/test-support/poems';
import { XMLParser } from 'fast-xml-parser';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { createCollection } from '../support/collections.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const PUBLIC_URL = 'https://poems.example';
const SHARED = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
/** W3C Datetime as the sitemaps protocol takes it, to the second or finer, with a zone. */
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A GET by node:http, which sends the headers given: fetch replaces `Host`, and asks for a whole
 * answer (`Cache-Control: no-cache`) when given `If-None-Match`.
 */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status?: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) =>
    get(url, { headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body }));
    }).on('error', reject),
  );
}

const parser = new XMLParser({ isArray: (name) => name === 'url' || name === 'sitemap' });

/** A sitemap's or an index's answer, checked to be XML shared caches may keep, and parsed. */
async function fetchXml(url: string) {
  const response = await send(url, 'GET');
  expect(response.status, url).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe(SHARED);
  return parser.parse(await response.text(), true);
}

/** The sitemaps the index at `serverUrl` lists, as the paths they are served at. */
async function sitemapPaths(serverUrl: string): Promise<string[]> {
  const index = await fetchXml(`${serverUrl}/sitemap.xml`);
  return index.sitemapindex.sitemap.map(({ loc }: { loc: string }) => {
    expect(loc.startsWith(`${PUBLIC_URL}/sitemap/`), loc).toBe(true);
    return loc.slice(PUBLIC_URL.length);
  });
}

/** A sitemap's URLs, each with a valid `lastmod`. */
async function sitemapUrls(serverUrl: string, path: string): Promise<string[]> {
  const urlset = (await fetchXml(`${serverUrl}${path}`)).urlset;
  const urls: { loc: string; lastmod: string }[] = urlset.url ?? [];
  for (const { loc, lastmod } of urls) {
    expect(lastmod, loc).toMatch(W3C_DATETIME);
    expect(Date.parse(lastmod)).toBeLessThanOrEqual(Date.now());
  }
  return urls.map(({ loc }) => loc);
}

describe('robots.txt and the sitemap', () => {
  const server = useTestServer({ PUBLIC_URL, SECURE_COOKIES: 'false' });

  it('robots.txt keeps crawlers from private pages and names the sitemap by its public URL', async () => {
    const response = await rawGet(`${server.url}/robots.txt`, { host: 'evil.example' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe(SHARED);
    expect(response.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /studio',
        'Disallow: /api/me',
        'Disallow: /p/',
        'Disallow: /logout',
        'Disallow: /forgot-password',
        'Disallow: /reset-password',
        'Disallow: /verify-email',
        'Disallow: /unsubscribe',
        '',
        `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });

  it('lists exactly the published poems, the authors with one and the public collections', async () => {
    const poet = server.client();
    const author = await signUp(poet);
    const published = await writePoem(poet, { title: 'Out' });
    await writePoem(poet, { title: 'Draft', publish: false });
    const scheduled = await writePoem(poet, { title: 'Later', publish: false });
    await poet.me.poems.update({
      params: { poemId: scheduled.id },
      body: { publish_at: new Date(Date.now() + 3_600_000).toISOString() },
    });
    const shown = await createCollection(poet, { title: 'Shown', is_public: true });
    await createCollection(poet, { title: 'Kept', is_public: false });
    // An author with only a draft and a private collection has no page worth listing.
    const quiet = server.client();
    await signUp(quiet);
    await writePoem(quiet, { publish: false });
    await createCollection(quiet, { is_public: false });

    const paths = await sitemapPaths(server.url);
    expect(paths).toEqual(['/sitemap/poems-1.xml', '/sitemap/authors-1.xml', '/sitemap/collections-1.xml']);
    expect(await sitemapUrls(server.url, '/sitemap/poems-1.xml')).toEqual([
      `${PUBLIC_URL}/poem/${published.id}`,
    ]);
    expect(await sitemapUrls(server.url, '/sitemap/authors-1.xml')).toEqual([
      `${PUBLIC_URL}/@${author.username}`,
    ]);
    expect(await sitemapUrls(server.url, '/sitemap/collections-1.xml')).toEqual([
      `${PUBLIC_URL}/@${author.username}/collection/${shown.id}`,
    ]);
  });

  it('answers HEAD with the head alone', async () => {
    for (const path of ['/robots.txt', '/sitemap.xml', '/sitemap/poems-1.xml']) {
      const response = await send(`${server.url}${path}`, 'HEAD');
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control')).toBe(SHARED);
      expect(await response.text()).toBe('');
    }
  });

  it('answers 304 to a revalidation of the index', async () => {
    const etag = (await send(`${server.url}/sitemap.xml`, 'GET')).headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await rawGet(`${server.url}/sitemap.xml`, { 'if-none-match': etag as string })).status).toBe(304);
  });

  it('is 404 for any other name under /sitemap/ and for a sitemap past the last', async () => {
    for (const path of [
      '/sitemap/poems-0.xml',
      '/sitemap/poems-2.xml',
      '/sitemap/poems-999999999999.xml',
      '/sitemap/poems--1.xml',
      '/sitemap/poems-01.xml',
      '/sitemap/poems-1.5.xml',
      '/sitemap/poems-1.xml/',
      '/sitemap/POEMS-1.xml',
      '/sitemap/drafts-1.xml',
      '/sitemap/',
    ]) {
      const response = await send(`${server.url}${path}`, 'GET');
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/problem\+json/);
    }
    expect((await send(`${server.url}/sitemap/poems-%ff.xml`, 'GET')).status).toBe(400);
  });

  it('refuses other methods with 405 and Allow', async () => {
    for (const path of ['/robots.txt', '/sitemap.xml', '/sitemap/poems-1.xml']) {
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const response = await send(`${server.url}${path}`, method);
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get('allow')).toBe('GET, HEAD');
      }
    }
  });
});

describe('sitemaps past 50,000 pages', () => {
  const server = useTestServer({ PUBLIC_URL, SECURE_COOKIES: 'false' });
  const SEEDED = 50_001;

  it('splits them into sitemaps of 50,000, each page in exactly one', { timeout: 120_000 }, async () => {
    // Volume straight in SQL, in one statement, on a connection of its own: it takes longer than
    // the pool lets a statement run. An author each, so the triggers' counters touch one row each.
    const seeder = new pg.Client({ connectionString: server.databaseUrl });
    await seeder.connect();
    try {
      await seeder.query(
        `WITH seeded AS (
           INSERT INTO author (id, email, password_hash, username, firstname, lastname)
           SELECT gen_random_uuid(), 'seeded-' || i || '@example.com', 'x', 'seeded-' || i, 'Seed', 'Ed'
           FROM generate_series(1, $1::int) i
           RETURNING id)
         INSERT INTO poem (id, author_id, title, body, is_published, published_at)
         SELECT gen_random_uuid(), id, 'Seeded', 'A line', true, now() FROM seeded`,
        [SEEDED],
      );
    } finally {
      await seeder.end();
    }
    const poems = await server.pool.query<{ id: string }>('SELECT id FROM poem');
    const authors = await server.pool.query<{ username: string }>('SELECT username FROM author');

    const paths = await sitemapPaths(server.url);
    expect(paths).toEqual([
      '/sitemap/poems-1.xml',
      '/sitemap/poems-2.xml',
      '/sitemap/authors-1.xml',
      '/sitemap/authors-2.xml',
      '/sitemap/collections-1.xml',
    ]);
    // Every sitemap read before any is checked: the checks of 50,000 URLs hold the event loop,
    // and a keep-alive connection left idle meanwhile may be closed by the server as it is reused.
    const listed: string[][] = [];
    for (const path of paths) listed.push(await sitemapUrls(server.url, path));
    expect((await send(`${server.url}/sitemap/poems-3.xml`, 'GET')).status).toBe(404);

    const [poems1 = [], poems2 = [], authors1 = [], authors2 = [], collections1 = []] = listed;
    expect([poems1, poems2, authors1, authors2, collections1].map((urls) => urls.length)).toEqual([
      50_000, 1, 50_000, 1, 0,
    ]);
    expect(new Set([...poems1, ...poems2])).toEqual(
      new Set(poems.rows.map(({ id }) => `${PUBLIC_URL}/poem/${id}`)),
    );
    expect(new Set([...authors1, ...authors2])).toEqual(
      new Set(authors.rows.map(({ username }) => `${PUBLIC_URL}/@${username}`)),
    );
  });
});
