import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUpAuthor } from './support/authors.js';
import { launchChromium } from './support/browser.js';
import { newBrowserPage } from './support/browser-page.js';
import { type Service, startService } from './support/service.js';

const HOSTILE_TITLE = `</script><script>alert(1)</script> "quoted" & <b>bold</b> 🌊`;
const HOSTILE_TAG = '</script>';

let service: Service;
let browser: Browser;

beforeAll(async () => {
  [service, browser] = await Promise.all([startService({}), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

describe('what search engines read', () => {
  it('carries schema.org JSON-LD and article meta that no title can break out of', async () => {
    const { client, author } = await signedUpAuthor(service.url, 'Zoe', 'Hara');
    await client.me.update({ body: { firstname: 'Zoë', lastname: 'O"Hara</script>' } });
    const { poem: draft } = await client.me.poems.create({ body: {} });
    const { poem } = await client.me.poems.update({
      params: { poemId: draft.id },
      body: {
        title: HOSTILE_TITLE,
        body: '  Salt on the sill —\nand the sea beyond it.',
        tags: ['sea', HOSTILE_TAG],
        is_published: true,
      },
    });
    const poemUrl = `${service.url}/poem/${poem.id}`;
    const authorUrl = `${service.url}/@${author.username}`;

    // As the server sends it: one data block, the title's `<` escaped inside it, no script of the title's.
    const html = await (await fetch(poemUrl)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    expect(blocks[0]?.[1]).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
    expect(blocks[0]?.[1]).not.toMatch(/[<>]/);
    expect(html).not.toContain('<script>alert(1)');

    // As a browser reads it, with scripts on and off: the same data and tags, and no dialog.
    for (const javaScriptEnabled of [true, false]) {
      const { context, page, errors } = await newBrowserPage(browser, { javaScriptEnabled });
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(poemUrl);
      const scripts = page.locator('script[type="application/ld+json"]');
      expect(await scripts.count()).toBe(1);
      expect(JSON.parse((await scripts.textContent()) ?? '')).toEqual({
        '@context': 'https://schema.org',
        '@type': 'CreativeWork',
        genre: 'Poetry',
        name: HOSTILE_TITLE,
        author: { '@type': 'Person', name: 'Zoë O"Hara</script>', url: authorUrl },
        datePublished: poem.published_at,
        dateModified: poem.updated_at,
        keywords: ['sea', HOSTILE_TAG],
        url: poemUrl,
        image: `${service.url}/api/poem/${poem.id}/card`,
      });
      const meta = (property: string) => page.locator(`meta[property="${property}"]`).getAttribute('content');
      expect(await meta('article:published_time')).toBe(poem.published_at);
      expect(await meta('article:author')).toBe(authorUrl);
      expect(await meta('og:image:alt')).toBe(
        `${HOSTILE_TITLE}, a poem by Zoë O"Hara</script>: its title and first lines`,
      );
      // The description quotes the first line without its indent and the dash that closes it.
      const description = 'Salt on the sill, a poem by Zoë O"Hara</script>.';
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(description);
      expect(await meta('og:description')).toBe(description);
      expect(await meta('og:title')).toBe(HOSTILE_TITLE);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('finds robots.txt and the sitemap beside the pages, the poem listed by its page', async () => {
    const { client } = await signedUpAuthor(service.url, 'Ida', 'Vitale');
    const { poem: draft } = await client.me.poems.create({ body: {} });
    await client.me.poems.update({
      params: { poemId: draft.id },
      body: { title: 'Listed', body: 'A line', is_published: true },
    });

    const robots = await fetch(`${service.url}/robots.txt`);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await robots.text()).toContain(`Sitemap: ${service.url}/sitemap.xml`);
    expect(await (await fetch(`${service.url}/sitemap.xml`)).text()).toContain(
      `<loc>${service.url}/sitemap/poems-1.xml</loc>`,
    );
    const poems = await fetch(`${service.url}/sitemap/poems-1.xml`);
    expect(poems.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await poems.text()).toContain(`<loc>${service.url}/poem/${draft.id}</loc>`);
    const posted = await fetch(`${service.url}/sitemap.xml`, { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
  });
});
