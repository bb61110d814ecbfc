import { solidImage } from '@poetry/test-support/images';
import { useSmtpServer } from '@poetry/test-support/smtp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.js';
import { BROWSER_SETTINGS, useBrowserPage } from './support/browser-page.js';
import { type Service, startService } from './support/service.js';
import { shownStanzas } from './support/shown-stanzas.js';

const smtp = useSmtpServer();
let service: Service;
let browser: Browser;

beforeAll(async () => {
  [service, browser] = await Promise.all([
    startService({ SMTP_URL: smtp.url, GENERAL_REQUESTS_PER_IP: '100000' }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

const setting = (javaScriptEnabled: boolean, device: 'phone' | 'desktop') => {
  const found = BROWSER_SETTINGS.find(
    (s) => s.javaScriptEnabled === javaScriptEnabled && s.device === device,
  );
  if (!found) throw new Error('no such browser setting');
  return found;
};

const STANZAS = ['Morning comes in\n  on the tide,', 'and the harbour\nwakes.'];
const POEM = { title: 'First Light', body: STANZAS.join('\n\n'), tags: 'sea, morning' };
const COLLECTION = { title: 'Day One', description: 'What I wrote on my first day.' };

/**
 * An author's first day, as the issue tells it: the author at a desktop with JavaScript, a reader
 * on a phone without it, each in a browser of their own.
 */
describe("an author's first day", () => {
  const author = useBrowserPage(setting(true, 'desktop'), () => ({ browser, baseURL: service.url }));
  const reader = useBrowserPage(setting(false, 'phone'), () => ({ browser, baseURL: service.url }));
  const email = `first-day-${Date.now()}@example.com`;
  let username = '';
  let poemPath = '';
  let collectionPath = '';
  let shareLink = '';

  it('signs up, verifies the address by the mailed link, and opens the studio', async () => {
    await author.open('/signup');
    await author.page.getByLabel('First name').fill('Noor');
    await author.page.getByLabel('Last name').fill('Harbour');
    await author.page.getByLabel('Email').fill(email);
    await author.page.getByLabel('Password').fill('a first day password 3e');
    await author.page.getByRole('button', { name: 'Sign up' }).click();
    await author.page.getByText('You are logged in as Noor Harbour').waitFor();

    const mail = await smtp.waitFor(email);
    const link = /https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    await author.open(link ?? '');
    await author.page.getByRole('button', { name: 'Verify my email address' }).click();
    await author.page.getByRole('heading', { name: 'Your email address is verified' }).waitFor();

    await author.page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: 'Studio' })
      .click();
    await author.page.waitForURL('/studio');
    await author.check();
    await author.main().getByText('You have written no poem yet.').waitFor();
    expect(author.errors).toEqual([]);
  });

  it('writes a poem in stanzas and publishes it, and makes a public collection of it with an image', async () => {
    await author.main().getByRole('link', { name: 'New poem' }).click();
    await author.page.waitForURL('/studio/poem/new');
    await author.check();
    const studioNav = author.page.getByRole('navigation', { name: 'Studio' });
    expect(await studioNav.locator('[aria-current="page"]').allTextContents()).toEqual(['Poems']);
    await author.main().getByLabel('Title').fill(POEM.title);
    await author.main().getByLabel('Poem').fill(POEM.body);
    await author.main().getByLabel('Tags').fill(POEM.tags);
    await author.main().getByRole('button', { name: 'Publish now' }).click();
    await author.main().getByRole('link', { name: 'Read it on its page' }).waitFor();
    poemPath =
      (await author.main().getByRole('link', { name: 'Read it on its page' }).getAttribute('href')) ?? '';
    expect(poemPath).toMatch(/^\/poem\/[\w-]+$/);

    await author.page
      .getByRole('navigation', { name: 'Studio' })
      .getByRole('link', { name: 'Collections' })
      .click();
    await author.page.waitForURL('/studio/collections');
    await author.main().getByLabel('Title').fill(COLLECTION.title);
    await author.main().getByLabel('Description').fill(COLLECTION.description);
    await author
      .main()
      .getByLabel(/^Public/)
      .check();
    await author.main().getByRole('button', { name: 'Create the collection' }).click();
    await author.page.waitForURL(/\/studio\/collection\/[\w-]+$/);
    await author.check();
    expect(await studioNav.locator('[aria-current="page"]').allTextContents()).toEqual(['Collections']);
    await author.main().getByLabel('Add one of my poems').selectOption({ label: POEM.title });
    await author.main().getByRole('button', { name: 'Add' }).click();
    await author.main().getByText('The poem is added.').waitFor();
    await author
      .main()
      .getByLabel('New image')
      .setInputFiles({
        name: 'dawn.png',
        mimeType: 'image/png',
        buffer: await solidImage('png', 1200, 630, '#d98f4e'),
      });
    await author.main().getByRole('button', { name: 'Upload the image' }).click();
    await author.main().getByText('The image is set.').waitFor();
    collectionPath =
      (await author.main().getByRole('link', { name: 'see it as readers do' }).getAttribute('href')) ?? '';
    username = collectionPath.split('/')[1]?.slice(1) ?? '';
    expect(username).toBe('noor-harbour');
    expect(author.errors).toEqual([]);
  });

  it('shows both to an anonymous reader on a phone', async () => {
    await reader.open(poemPath);
    await expect.poll(() => reader.main().locator('h1').textContent()).toBe(POEM.title);
    expect(await shownStanzas(reader.page)).toEqual(STANZAS);
    await reader.main().getByRole('link', { name: '#morning' }).waitFor();

    await reader.open(collectionPath);
    await expect.poll(() => reader.main().locator('h1').textContent()).toBe(COLLECTION.title);
    await reader.main().getByText(COLLECTION.description).waitFor();
    expect(await reader.main().locator('img.banner').getAttribute('src')).toMatch(/\/media\//);
    await reader.main().getByRole('link', { name: POEM.title }).waitFor();
    expect(reader.errors).toEqual([]);
  });

  it('edits and unpublishes the poem, and shares the draft by a link that opens logged out', async () => {
    await author.open(`/studio/poem/${poemPath.split('/').pop()}`);
    await author.main().getByLabel('Title').fill('First Light, Again');
    await author.main().getByRole('button', { name: 'Unpublish' }).click();
    await author.main().getByRole('button', { name: 'Publish now' }).waitFor();
    await expect.poll(() => author.main().locator('h1').textContent()).toBe('First Light, Again');
    shareLink = await author.main().getByLabel('Share link').inputValue();
    expect(shareLink).toMatch(/\/p\/[\w-]+$/);

    expect((await reader.page.goto(poemPath))?.status()).toBe(404);
    await reader.open(shareLink);
    await expect.poll(() => reader.main().locator('h1').textContent()).toBe('First Light, Again');
    expect(await shownStanzas(reader.page)).toEqual(STANZAS);
    expect(author.errors).toEqual([]);
  });

  it('deletes the account, after which nothing of it is left to see', async () => {
    await author.open('/studio/account');
    await author.main().getByRole('link', { name: 'Delete your account' }).click();
    await author.page.waitForURL('/studio/account/delete');
    await author.main().getByLabel('Your username').fill(username);
    await author.main().getByRole('button', { name: 'Delete my account' }).click();
    await author.page.waitForURL('/');
    await author.page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: 'Log in' })
      .waitFor();

    for (const path of [poemPath, collectionPath, `/@${username}`, new URL(shareLink).pathname]) {
      expect((await reader.page.goto(path))?.status(), path).toBe(404);
    }
    expect((await author.page.goto('/studio'))?.url()).toMatch(/\/login\?next=%2Fstudio$/);
    expect(author.errors).toEqual([]);
  });
});
