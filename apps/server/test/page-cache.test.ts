import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PoetryClient } from '@poetry/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUpAuthor } from './support/authors.js';
import { published } from './support/reader-seed.js';
import { type Service, startService } from './support/service.js';

let service: Service;
let poet: PoetryClient;
let poetCookie: string;

const CACHE_BYTES = 12 * 1024;
/** The most a kept page's key and headers add to its body, as the cache counts it. */
const OVERHEAD = 1024;
/** Long enough for a test's first requests, short enough to wait out. */
const MAX_SECONDS = 2;

beforeAll(async () => {
  // Room for two of the compressed poem pages below (`poemPath`), not three.
  service = await startService({
    PAGE_CACHE_MB: String(CACHE_BYTES / 1024 / 1024),
    PAGE_CACHE_MAX_SECONDS: String(MAX_SECONDS),
  });
  ({ client: poet, cookie: poetCookie } = await signedUpAuthor(service.url, 'Micro', 'Cache'));
});
afterAll(() => service?.stop());

const BROTLI = { 'accept-encoding': 'br' };

async function page(path: string, headers: Record<string, string> = BROTLI) {
  const answer = await fetch(`${service.url}${path}`, { headers });
  const size = Number(answer.headers.get('content-length'));
  return {
    status: answer.status,
    age: answer.headers.get('age'),
    headers: answer.headers,
    size,
    text: await answer.text(),
  };
}

/**
 * A published poem's page path. Its body, 4,400 characters no compressor can shrink, makes its page
 * about 4.5 KB as brotli sends it: two fit in the cache, three do not.
 */
const poemPath = async (title: string) =>
  `/poem/${(await published(poet, title, `a line\n${randomBytes(3300).toString('base64')}`, [])).id}`;

describe('the page cache', () => {
  it('serves an anonymous reader page again, saying how old it is, until its time is up', async () => {
    const path = await poemPath('Kept for a while');
    const first = await page(path);
    expect(first.status).toBe(200);
    expect(first.age).toBeNull();

    const again = await page(path);
    expect(again.age).toBe('0');
    expect(again.text).toBe(first.text);
    // Its CSP is the one its tags' nonce was made for; its request id and rate limit its own.
    expect(again.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(again.headers.get('ratelimit')).not.toBe(first.headers.get('ratelimit'));
    expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    expect(again.headers.get('vary')).toBe(first.headers.get('vary'));

    expect((await page(path, { ...BROTLI, cookie: poetCookie })).age).toBeNull();

    await sleep(MAX_SECONDS * 1000 + 100);
    expect((await page(path)).age).toBeNull();
    expect((await page(path)).age).toBe('0');
  });

  it('is emptied by a change made through this instance, which readers then see at once', async () => {
    const path = await poemPath('Before the change');
    await page(path);
    expect((await page(path)).age).toBe('0');
    const poemId = path.split('/').at(-1) as string;
    await poet.me.poems.update({ params: { poemId }, body: { title: 'After the change' } });
    const changed = await page(path);
    expect(changed.age).toBeNull();
    expect(changed.text).toContain('After the change');
    // A read counted changes no page: the copy stays.
    await poet.poem.metrics.increment({ params: { poemId }, body: { metric: 'read' } });
    expect((await page(path)).age).toBe('0');
  });

  it("keeps its pages through changes no reader sees (a draft made and saved), not through a draft's publication", async () => {
    const path = await poemPath('Kept while drafts change');
    await page(path);
    expect((await page(path)).age).toBe('0');
    const { poem: draft } = await poet.me.poems.create({ body: {} });
    const params = { poemId: draft.id };
    await poet.me.poems.update({ params, body: { title: 'A draft', body: 'typed, saved as typed' } });
    await poet.me.poems.update({
      params,
      body: { publish_at: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect((await page(path)).age).toBe('0');

    await poet.me.poems.update({ params, body: { is_published: true } });
    expect((await page(path)).age).toBeNull();
  });

  it('keeps a copy per Accept-Encoding, each as it was compressed', async () => {
    const path = await poemPath('Two encodings');
    await page(path);
    const gzip = await page(path, { 'accept-encoding': 'gzip' });
    expect(gzip.age).toBeNull();
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const gzipAgain = await page(path, { 'accept-encoding': 'gzip' });
    expect(gzipAgain.age).toBe('0');
    expect(gzipAgain.text).toBe(gzip.text);
    expect(gzipAgain.text).toContain('Two encodings');
  });

  it('keeps no private page, no missing page and nothing a HEAD or a POST asked for', async () => {
    for (const path of ['/login', '/poem/00000000-0000-4000-8000-000000000000']) {
      await page(path);
      expect((await page(path)).age, path).toBeNull();
    }
    const path = await poemPath('Asked by HEAD');
    await fetch(`${service.url}${path}`, { method: 'HEAD', headers: BROTLI });
    expect((await page(path)).age).toBeNull();
  });

  it('drops the least recently served page when it is full', async () => {
    const [a, b, c] = [await poemPath('First in'), await poemPath('Second in'), await poemPath('Third in')];
    // As kept: a hit's length (a page rendered is sent compressed as it is made, in chunks).
    for (const path of [a, b, c]) {
      await page(path);
      const { size } = await page(path);
      expect(size).toBeGreaterThan(CACHE_BYTES / 3);
      expect(size + OVERHEAD).toBeLessThanOrEqual(CACHE_BYTES / 2);
    }
    // A change empties the cache: from here, it fills again.
    await poet.me.poems.update({ params: { poemId: a.split('/').at(-1) as string }, body: { tags: ['x'] } });
    await page(a);
    await page(b);
    expect((await page(a)).age).toBe('0');
    await page(c);
    expect((await page(a)).age).toBe('0');
    expect((await page(b)).age).toBeNull();
  });
});
