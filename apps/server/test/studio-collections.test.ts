import { mkdir } from 'node:fs/promises';
import { ApiError, type Poem, type PoetryClient } from '@poetry/sdk';
import { solidImage } from '@poetry/test-support/images';
import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserCookie, signedUpAuthor } from './support/authors.js';
import { launchChromium } from './support/browser.js';
import { CROSSED_SETTINGS, submit, useBrowserPage } from './support/browser-page.js';
import { expectRefusedForm } from './support/refused-form.js';
import { type Service, startService } from './support/service.js';
import { TEST_RESULTS } from './support/viewports.js';

const MB = 1024 * 1024;

let service: Service;
let browser: Browser;
let png: Buffer;

beforeAll(async () => {
  [service, browser, png] = await Promise.all([
    startService({ GENERAL_REQUESTS_PER_IP: '100000' }),
    launchChromium(),
    solidImage('png', 1200, 630, '#2f5d7c'),
  ]);
  await mkdir(TEST_RESULTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

async function published(client: PoetryClient, title: string): Promise<Poem> {
  const { poem } = await client.me.poems.create({ body: {} });
  const done = await client.me.poems.update({
    params: { poemId: poem.id },
    body: { title, body: `${title}, first line\nand the second`, is_published: true },
  });
  return done.poem;
}

/** A page as a browser without cookies gets it: its status and HTML. */
async function anonymously(path: string) {
  const response = await fetch(`${service.url}${path}`);
  return { status: response.status, html: await response.text() };
}

/** The API's status for a call that must fail. */
const refusedWith = (call: Promise<unknown>) =>
  call.then(
    () => 200,
    (error: unknown) => (error instanceof ApiError ? error.status : Number.NaN),
  );

for (const setting of CROSSED_SETTINGS) {
  const { javaScriptEnabled, device } = setting;
  describe(`collections in the studio ${setting.name}`, () => {
    const tab = useBrowserPage(setting, () => ({ browser, baseURL: service.url }));
    const screenshot = (name: string) =>
      tab.page.screenshot({ path: `${TEST_RESULTS}studio-${name}-${device}.png`, fullPage: true });
    /** The row of the poem titled `title` in the collection's list of poems. */
    const row = (title: string) =>
      tab
        .main()
        .getByRole('listitem')
        .filter({ has: tab.page.getByRole('link', { name: title, exact: true }) });
    /** The titles of the poems on the collection's public page, as a reader without cookies sees them. */
    const publicTitles = async () => {
      const { status, html } = await anonymously(publicPath);
      expect(status).toBe(200);
      return [mine.title, theirs.title].filter((title) => html.includes(title));
    };

    const title = `Tide Pools ${javaScriptEnabled ? 'lit' : 'dark'}`;
    const description = 'Small worlds\n  left by the sea,\n\nand what the gulls leave.';
    let me: Awaited<ReturnType<typeof signedUpAuthor>>;
    let other: Awaited<ReturnType<typeof signedUpAuthor>>;
    let mine: Poem;
    let theirs: Poem;
    let collectionId: string;
    let studioPath: string;
    let publicPath: string;
    const collection = () =>
      me.client.collection.get({ params: { collectionId } }).then(({ collection }) => collection);
    const memberships = () =>
      me.client.me.collections.poems
        .list({ params: { collectionId } })
        .then(({ poems }) => poems.map(({ title, is_hidden }) => ({ title, is_hidden })));

    beforeAll(async () => {
      [me, other] = await Promise.all([
        signedUpAuthor(service.url, 'Nora', 'Keeper'),
        signedUpAuthor(service.url, 'Otto', 'Other'),
      ]);
      [mine, theirs] = await Promise.all([
        published(me.client, `My Shore ${title}`),
        published(other.client, `Their Harbour ${title}`),
      ]);
      await tab.context.addCookies([browserCookie(me.cookie, service.url)]);
    });

    it('creates a public collection with a description and tags, and sets its image, which readers see', async () => {
      await tab.open('/studio/collections');
      await tab.main().getByText('You have no collection yet.').waitFor();
      // Too many tags, and one too long: one problem beside the field, said at the top too.
      await tab.main().getByLabel('Title').fill(title);
      await tab
        .main()
        .getByLabel('Tags')
        .fill(Array.from({ length: 21 }, (_, n) => `tag${n}`).join(', '));
      expect(await submit(tab.page, tab.main().getByRole('button', { name: 'Create the collection' }))).toBe(
        400,
      );
      await expectRefusedForm(tab.page, { fields: { tags: 'Give at most 20 tags.' } });
      expect(await tab.page.title()).toBe('Error: My collections · Poetry');
      await tab.check();
      await screenshot('collections-refused');
      expect(await tab.main().getByLabel('Title').inputValue()).toBe(title);

      await tab.main().getByLabel('Title').fill(title);
      await tab.main().getByLabel('Description').fill(description);
      await tab.main().getByLabel('Tags').fill('Sea, night ,  sea');
      await tab
        .main()
        .getByLabel(/^Public/)
        .check();
      await tab.main().getByRole('button', { name: 'Create the collection' }).click();
      await tab.page.waitForURL(/\/studio\/collection\/[\w-]+$/);
      await tab.check();
      collectionId = new URL(tab.page.url()).pathname.split('/').pop() ?? '';
      studioPath = `/studio/collection/${collectionId}`;
      publicPath = `/@${me.author.username}/collection/${collectionId}`;
      await expect.poll(() => tab.main().locator('h1').textContent()).toBe(title);
      expect(await tab.main().getByLabel('Tags').inputValue()).toBe('sea, night');
      expect(await collection()).toMatchObject({
        title,
        description,
        tags: ['sea', 'night'],
        is_public: true,
      });

      await tab
        .main()
        .getByLabel('New image')
        .setInputFiles({ name: 'pools.png', mimeType: 'image/png', buffer: png });
      await tab.main().getByRole('button', { name: 'Upload the image' }).click();
      await tab.main().getByRole('status').getByText('The image is set.').waitFor();
      await tab.check();
      const { image_url } = await collection();
      expect(image_url).toMatch(/^http.*\/media\//);
      expect(await tab.main().locator('img.banner').getAttribute('src')).toBe(image_url);

      const { html } = await anonymously(publicPath);
      expect(html).toContain(`<h1>${title}</h1>`);
      expect(html).toContain(`src="${image_url}"`);
      expect(html).toContain('Small worlds\n  left by the sea,');
      await tab.open('/studio/collections');
      await tab.main().getByRole('link', { name: title }).waitFor();
      await tab.main().getByText('Public · 0 poems').waitFor();
      expect(tab.errors).toEqual([]);
    });

    it("adds my poem from the studio and another poet's from its page; hides one and shows it again; removes one", async () => {
      await tab.open(studioPath);
      await tab.main().getByLabel('Add one of my poems').selectOption({ label: mine.title });
      await tab.main().getByRole('button', { name: 'Add', exact: true }).click();
      await tab.main().getByRole('status').getByText('The poem is added.').waitFor();
      await row(mine.title).waitFor();

      await tab.open(`/poem/${theirs.id}`);
      await screenshot('poem-add-to-collection');
      await tab.main().getByLabel('Add to collection').selectOption({ label: title });
      await tab.main().getByRole('button', { name: 'Add', exact: true }).click();
      await tab.page.waitForURL(new RegExp(`${studioPath}\\?done=`));
      await tab.check();
      await row(theirs.title).waitFor();
      expect(await memberships()).toEqual([
        { title: theirs.title, is_hidden: false },
        { title: mine.title, is_hidden: false },
      ]);
      // Whose each poem is, where it is not mine: the studio is mine already.
      expect(await row(theirs.title).locator('.state').textContent()).toBe(`by ${other.author.fullname}`);
      expect(await row(mine.title).locator('.state').count()).toBe(0);
      expect(await publicTitles()).toEqual([mine.title, theirs.title]);

      await row(theirs.title).getByRole('button', { name: 'Hide' }).click();
      await row(theirs.title).getByText('Hidden from readers').waitFor();
      await tab.check();
      await screenshot('collection');
      expect(await memberships()).toContainEqual({ title: theirs.title, is_hidden: true });
      expect(await publicTitles()).toEqual([mine.title]);

      await row(theirs.title).getByRole('button', { name: 'Show' }).click();
      await row(theirs.title).getByRole('button', { name: 'Hide' }).waitFor();
      expect(await row(theirs.title).getByText('Hidden from readers').count()).toBe(0);
      expect(await publicTitles()).toEqual([mine.title, theirs.title]);

      // Removing asks first, on a page of its own; keeping it changes nothing.
      const remove = () => row(mine.title).getByRole('link', { name: `Remove “${mine.title}”` });
      await remove().click();
      await tab.page.waitForURL(`${studioPath}/poem/${mine.id}/remove`);
      await tab.check();
      expect(await tab.main().locator('h1').textContent()).toBe(`Remove “${mine.title}” from “${title}”?`);
      await screenshot('collection-remove-poem');
      await tab.main().getByRole('link', { name: 'Keep it in the collection' }).click();
      await tab.page.waitForURL(studioPath);
      expect(await memberships()).toContainEqual({ title: mine.title, is_hidden: false });
      await remove().click();
      await tab.main().getByRole('button', { name: 'Remove it from the collection' }).click();
      await tab.page.waitForURL(`${studioPath}?done=removed`);
      await tab.main().getByRole('status').getByText('The poem is removed from the collection.').waitFor();
      await tab.check();
      expect(await row(mine.title).count()).toBe(0);
      expect(await memberships()).toEqual([{ title: theirs.title, is_hidden: false }]);
      expect(await publicTitles()).toEqual([theirs.title]);
      expect(tab.errors).toEqual([]);
    });

    it('asks for an image file, and says why one is refused: not an image (415), over 5 MB (on the page with JavaScript, else 413)', async () => {
      await tab.open(studioPath);
      const image = tab.main().getByLabel('New image');
      const upload = tab.main().getByRole('button', { name: 'Upload the image' });
      const posts: Request[] = [];
      const recordPost = (request: Request) => {
        if (request.method() === 'POST') posts.push(request);
      };
      tab.page.on('request', recordPost);

      // No file chosen: the browser asks for one, and sends nothing.
      await upload.click();
      expect(await image.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);

      // An image set, then a file that is none: the address still says `?done=image`, the page
      // says only what is wrong.
      await image.setInputFiles({ name: 'pools.png', mimeType: 'image/png', buffer: png });
      await upload.click();
      await tab.main().getByRole('status').getByText('The image is set.').waitFor();
      const before = (await collection()).image_url;
      await image.setInputFiles({
        name: 'notes.png',
        mimeType: 'image/png',
        buffer: Buffer.from('these are words, not a picture'),
      });
      expect(await submit(tab.page, upload)).toBe(415);
      expect(posts).toHaveLength(2);
      expect(new URL(tab.page.url()).search).toBe('?done=image');
      await expectRefusedForm(tab.page, {
        fields: {
          image:
            'The image must be a JPEG, PNG, WebP or GIF image, and this file is not one. Choose an image.',
        },
      });
      expect(await tab.main().getByRole('status').count()).toBe(0);
      expect(await image.getAttribute('aria-describedby')).toBe('field-image-hint field-image-error');
      await tab.check();
      if (javaScriptEnabled) await screenshot('collection-image-not-an-image');

      const oversized = { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * MB + 1) };
      posts.length = 0;
      if (javaScriptEnabled) {
        await image.setInputFiles(oversized);
        expect(await image.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe(
          'This file is over the limit of 5 MB.',
        );
        await upload.click();
        // The next upload goes out, and is the only one that did: the oversized file never left.
        await image.setInputFiles({ name: 'pools.png', mimeType: 'image/png', buffer: png });
        await upload.click();
        await tab.main().getByRole('status').getByText('The image is set.').waitFor();
        expect(posts.map((post) => (post.postDataBuffer()?.length ?? 0) < MB)).toEqual([true]);
      } else {
        await image.setInputFiles(oversized);
        expect(await submit(tab.page, upload)).toBe(413);
        await expectRefusedForm(tab.page, {
          fields: { image: 'The image must be at most 5 MB, and this file is larger. Choose a smaller one.' },
        });
        expect(posts).toHaveLength(1);
        await tab.check();
        await screenshot('collection-image-refused');
        expect((await collection()).image_url).toBe(before);
      }
      tab.page.off('request', recordPost);
      expect(tab.errors).toEqual([]);
    });

    it('makes it private (gone for others), removes its image, and deletes it after asking', async () => {
      await tab.open(studioPath);
      await tab
        .main()
        .getByLabel(/^Public/)
        .uncheck();
      await tab.main().getByRole('button', { name: 'Save' }).click();
      await tab.main().getByRole('status').getByText('The details are saved.').waitFor();
      await tab.main().getByText('Private: only you see it').waitFor();
      expect(await collection()).toMatchObject({ title, description, is_public: false });
      expect((await anonymously(publicPath)).status).toBe(404);
      expect(await refusedWith(other.client.collection.get({ params: { collectionId } }))).toBe(404);

      await tab.main().getByRole('button', { name: 'Remove the image' }).click();
      await tab.main().getByText('No image yet').waitFor();
      expect((await collection()).image_url).toBeNull();

      await tab.main().getByRole('link', { name: 'Delete this collection' }).click();
      await tab.page.waitForURL(`${studioPath}/delete`);
      await tab.check();
      expect(await collection()).toMatchObject({ title });
      await tab.main().getByRole('button', { name: 'Delete the collection' }).click();
      await tab.page.waitForURL('/studio/collections');
      await tab.main().getByText('You have no collection yet.').waitFor();
      expect(await refusedWith(collection())).toBe(404);
      expect(tab.errors).toEqual([]);
    });
  });
}

describe('the poem page', () => {
  /** The API paths the page request `requestId` made, once the page's own line is logged. */
  async function apiCallsOf(requestId: string) {
    const lines = () =>
      service.log
        .filter((line) => line.includes(`"reqId":"${requestId}"`))
        .map((line) => (JSON.parse(line) as { req: { url: string } }).req.url);
    await expect.poll(() => lines().some((url) => url.startsWith('/poem/'))).toBe(true);
    return lines().filter((url) => url.startsWith('/api/'));
  }

  it('asks for my collections only when the browser sends a cookie, and offers them', async () => {
    const { client, cookie } = await signedUpAuthor(service.url, 'Ida', 'Reader');
    const poem = await published(client, 'Counted Calls');
    await client.me.collections.create({ body: { title: 'Keepsakes' } });

    const anonymous = await fetch(`${service.url}/poem/${poem.id}`);
    expect(await anonymous.text()).not.toContain('Add to collection');
    // One call: the poem, which brings its author's link-preview image, and what is around it.
    expect(await apiCallsOf(anonymous.headers.get('x-request-id') ?? '')).toEqual([
      `/api/poem/${poem.id}/around`,
    ]);

    const loggedIn = await fetch(`${service.url}/poem/${poem.id}`, { headers: { cookie } });
    expect(await loggedIn.text()).toMatch(/Add to collection[\s\S]*Keepsakes/);
    expect(await apiCallsOf(loggedIn.headers.get('x-request-id') ?? '')).toContain(
      '/api/me/collection?limit=100',
    );
  });
});
