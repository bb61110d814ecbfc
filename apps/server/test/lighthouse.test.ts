import { mkdir, writeFile } from 'node:fs/promises';
import { freePort } from '@poetry/test-support/free-ports';
import lighthouse from 'lighthouse';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedUpAuthor } from './support/authors.js';
import { launchChromium } from './support/browser.js';
import { type ReaderSeed, seedReaderPages } from './support/reader-seed.js';
import { type Service, startService } from './support/service.js';
import { TEST_RESULTS } from './support/viewports.js';

/**
 * Lighthouse's categories on its mobile settings (a mid-range phone on a slow 4G link, simulated).
 * Accessibility, best practices and SEO are judged from the page alone, so they are held here, at
 * every scored audit passing (a score of 100; the target is 95, and one failed audit can cost less
 * than 5). Performance and the first contentful paint are timings on a shared machine, so they are
 * reported (`pnpm lighthouse`, docs/behaviour.md), never asserted.
 */
const HELD = ['accessibility', 'best-practices', 'seo'] as const;
/**
 * Performance is measured only when asked (`pnpm lighthouse` sets LIGHTHOUSE_PERFORMANCE=1): it
 * is most of Lighthouse's time, and `pnpm test` holds nothing of it.
 */
const MEASURED = process.env.LIGHTHOUSE_PERFORMANCE === '1' ? ['performance'] : [];
/**
 * The audit a page kept from search engines on purpose fails: the studio (`Disallow` in
 * `/robots.txt`, and its `noindex`). Its other SEO audits are held.
 */
const UNCRAWLABLE = 'is-crawlable';

let service: Service;
let browser: Browser;
let debuggingPort: number;
let seed: ReaderSeed;
/** An author's session, and a draft of theirs with some text, for the studio's pages. */
let studio: { cookie: string; poemId: string };
const scores: Record<string, Record<string, number | null>> = {};

beforeAll(async () => {
  debuggingPort = await freePort();
  [service, browser] = await Promise.all([
    startService({ GENERAL_REQUESTS_PER_IP: '100000' }),
    launchChromium({ debuggingPort }),
  ]);
  seed = await seedReaderPages(service.url);
  const author = await signedUpAuthor(service.url, 'Lena', 'Drafts');
  const { poem } = await author.client.me.poems.create({ body: {} });
  await author.client.me.poems.update({
    params: { poemId: poem.id },
    body: { title: 'Half Tide', body: 'Not yet\n  ready', tags: ['sea'] },
  });
  studio = { cookie: author.cookie, poemId: poem.id };
});

afterAll(async () => {
  await browser?.close();
  await service?.stop();
  if (Object.keys(scores).length === 0) return;
  await mkdir(TEST_RESULTS, { recursive: true });
  await writeFile(`${TEST_RESULTS}lighthouse.json`, `${JSON.stringify(scores, null, 2)}\n`);
  console.table(scores);
});

type Page = { path: () => string; crawled: boolean; cookie?: () => string };

const PAGES: Record<string, Page> = {
  home: { path: () => '/', crawled: true },
  archive: { path: () => '/poems', crawled: true },
  poem: { path: () => `/poem/${seed.first.id}`, crawled: true },
  'poem in a collection': {
    path: () => `/poem/${seed.first.id}?collection=${seed.collection.id}`,
    crawled: true,
  },
  author: { path: () => `/@${seed.poet.username}`, crawled: true },
  login: { path: () => '/login', crawled: true },
  signup: { path: () => '/signup', crawled: true },
  studio: { path: () => '/studio', crawled: false, cookie: () => studio.cookie },
  'studio poem': { path: () => `/studio/poem/${studio.poemId}`, crawled: false, cookie: () => studio.cookie },
};

for (const [name, { path, crawled, cookie }] of Object.entries(PAGES)) {
  const but = crawled ? '' : ` but ${UNCRAWLABLE}`;
  it(`passes every scored audit of ${HELD.join(', ')}${but} on the ${name} page`, async () => {
    const result = await lighthouse(`${service.url}${path()}`, {
      port: debuggingPort,
      logLevel: 'error',
      extraHeaders: cookie ? { cookie: cookie() } : null,
      onlyCategories: [...HELD, ...MEASURED],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories, audits, runtimeError } = result.lhr;
    expect(runtimeError).toBeUndefined();
    scores[name] = {
      ...Object.fromEntries(Object.entries(categories).map(([id, { score }]) => [id, score])),
      ...(MEASURED.length && {
        'fcp (ms)': Math.round(audits['first-contentful-paint']?.numericValue ?? Number.NaN),
      }),
    };
    const failed = HELD.flatMap((category) =>
      (categories[category]?.auditRefs ?? [])
        .filter(({ id, weight }) => weight > 0 && audits[id]?.score !== 1 && (crawled || id !== UNCRAWLABLE))
        .map(({ id }) => `${category}: ${id} (${audits[id]?.title})`),
    );
    expect(failed).toEqual([]);
    // Lighthouse allows a page 45 s to load: more than the suite's usual 60 s leaves for the rest.
  }, 120_000);
}
