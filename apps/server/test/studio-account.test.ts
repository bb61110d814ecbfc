import { mkdir } from 'node:fs/promises';
import { ApiError, createPoetryClient, PHOTO_UPLOAD, type Poem } from '@poetry/sdk';
import { solidImage } from '@poetry/test-support/images';
import { useSmtpServer } from '@poetry/test-support/smtp';
import type { Browser, Locator, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserCookie, signedUpAuthor } from './support/authors.js';
import { launchChromium } from './support/browser.js';
import { CROSSED_SETTINGS, newBrowserPage, submit, useBrowserPage } from './support/browser-page.js';
import { checkDarkPage, focused, titlePlacement } from './support/page-checks.js';
import { expectRefusedForm } from './support/refused-form.js';
import { type Service, startService } from './support/service.js';
import { TEST_RESULTS, VIEWPORTS } from './support/viewports.js';

const smtp = useSmtpServer();
let service: Service;
let browser: Browser;

beforeAll(async () => {
  [service, browser] = await Promise.all([
    startService({ SMTP_URL: smtp.url, GENERAL_REQUESTS_PER_IP: '100000', SIGNUPS_PER_IP: '1000' }),
    launchChromium(),
  ]);
  await mkdir(TEST_RESULTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

/** More poems than a studio list page holds (20), so that the feed and the liked list have a second page. */
const POEMS = 21;

/** The status of `promise`'s `ApiError`, or 0 when it succeeds. */
const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 0,
    (error: unknown) => (error instanceof ApiError ? error.status : -1),
  );

for (const setting of CROSSED_SETTINGS) {
  const { javaScriptEnabled, device } = setting;
  describe(setting.name, () => {
    const tab = useBrowserPage(setting, () => ({ browser, baseURL: service.url }));

    /** The page as it looks, to look at (each device once: JavaScript on the desktop, off on the phone). */
    const screenshot = (name: string) =>
      tab.page.screenshot({ path: `${TEST_RESULTS}${name}-${device}.png`, fullPage: true });
    const fieldError = (name: string) => tab.page.locator(`#field-${name}-error`);
    const post = (button: Locator) => submit(tab.page, button);
    const button = (name: string) => tab.main().getByRole('button', { name, exact: true });
    const status = () => tab.main().getByRole('status');

    /** A new author, logged in on the browser. */
    async function loggedInAuthor(first: string, last: string) {
      const author = await signedUpAuthor(service.url, first, last);
      await tab.context.addCookies([browserCookie(author.cookie, service.url)]);
      return author;
    }

    it("reaches the studio's menu by the skip link, and on a phone shows the page's title high", async () => {
      await loggedInAuthor('Emmy', 'Noether');
      await tab.open('/studio/profile');
      await tab.page.keyboard.press('Tab');
      expect(await focused(tab.page)).toBe('a "Skip to content"');
      await tab.page.keyboard.press('Enter');
      expect(await focused(tab.page)).toBe('main#main');
      await tab.page.keyboard.press('Tab');
      expect(await focused(tab.page)).toBe('a "Poems"');
      if (device === 'phone') {
        const { chromeBottom, titleTop } = await titlePlacement(tab.page);
        // The header and the menu in the top fifth of the screen (once: 225, the title at 261).
        expect(chromeBottom).toBeLessThan(155);
        expect(titleTop).toBeLessThan(175);
      }
      await screenshot('studio-menu');
      expect(tab.errors).toEqual([]);
    });

    it('edits the names, the username and the bio, seen on the public page; a taken or reserved username is refused beside it', async () => {
      const other = await signedUpAuthor(service.url, 'Taken', 'Name');
      const { client, author } = await loggedInAuthor('Ada', 'Lovelace');
      await tab.open('/studio/profile');

      await tab.page.getByLabel('Username').fill(other.author.username);
      expect(await post(button('Save the profile'))).toBe(409);
      await expectRefusedForm(tab.page, {
        fields: { username: 'Another poet has this username. Choose another one.' },
      });
      expect(await tab.page.title()).toBe('Error: Profile · Poetry');
      await tab.check();
      await tab.page.getByLabel('Username').fill('list');
      await tab.page.getByLabel('Bio').fill('x'.repeat(2001));
      expect(await post(button('Save the profile'))).toBe(400);
      await expectRefusedForm(tab.page, {
        fields: {
          username: 'This username is reserved. Choose another one.',
          bio: 'Your bio must be 2,000 characters or fewer.',
        },
      });
      await screenshot('studio-profile-refused');
      expect((await client.me.get()).author.username).toBe(author.username);

      const username = `countess-${device}-${Date.now().toString(36).slice(-6)}`;
      const bio = 'Poet of science.\n  Engines, and the numbers they weave.';
      await tab.page.getByLabel('First name').fill('Augusta Ada');
      await tab.page.getByLabel('Last name').fill('King');
      await tab.page.getByLabel('Username').fill(username);
      await tab.page.getByLabel('Bio').fill(bio);
      await button('Save the profile').click();
      await expect.poll(() => status().textContent()).toBe('Your profile is saved.');
      await tab.check();
      expect((await client.me.get()).author).toMatchObject({
        firstname: 'Augusta Ada',
        lastname: 'King',
        username,
        bio,
      });
      expect(await tab.page.getByLabel('Bio').inputValue()).toBe(bio);

      await tab.main().getByRole('link', { name: 'See your public page' }).click();
      await tab.page.waitForURL(`/@${username}`);
      await tab.check();
      await expect.poll(() => tab.main().locator('h1').textContent()).toBe('Augusta Ada King');
      await expect.poll(() => tab.main().locator('.bio').textContent()).toBe(bio);
      expect(tab.errors).toEqual([]);
    });

    it('sets the photo and the banner and shows them, removes each; refuses a file that is no image, and one over 5 MB', async () => {
      const { client } = await loggedInAuthor('Grace', 'Hopper');
      const posts: string[] = [];
      const countPost = (request: Request) => {
        if (request.method() === 'POST') posts.push(request.url());
      };
      tab.page.on('request', countPost);
      await tab.open('/studio/profile');
      await tab.main().getByText('You have no photo.').waitFor();
      const photoInput = tab.page.getByLabel('New photo', { exact: true });
      const bannerInput = tab.page.getByLabel('New banner', { exact: true });

      // No file: the page says to choose one, beside the first.
      expect(await post(button('Upload'))).toBe(400);
      await expectRefusedForm(tab.page, {
        fields: { profile_photo: 'Choose a photo or a banner to upload, or both.' },
      });

      const notAPicture = {
        name: 'photo.png',
        mimeType: 'image/png',
        buffer: Buffer.from('just some words, not a picture'),
      };
      await photoInput.setInputFiles(notAPicture);
      expect(await post(button('Upload'))).toBe(415);
      await expectRefusedForm(tab.page, {
        fields: {
          profile_photo:
            'The photo must be a JPEG, PNG, WebP or GIF image, and this file is not one. Choose an image.',
        },
      });
      await tab.check();

      const oversized = {
        name: 'big.png',
        mimeType: 'image/png',
        buffer: Buffer.alloc(PHOTO_UPLOAD.maxBytes + 1024, 7),
      };
      await photoInput.setInputFiles(oversized);
      const postsBefore = posts.length;
      if (javaScriptEnabled) {
        // Refused on the page: the browser does not send the form.
        expect(await photoInput.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe(
          'This file is over the limit of 5 MB.',
        );
        await button('Upload').click();
      } else {
        expect(await post(button('Upload'))).toBe(413);
        await expectRefusedForm(tab.page, {
          fields: {
            profile_photo: 'The photo must be at most 5 MB, and this file is larger. Choose a smaller one.',
          },
        });
        await tab.check();
      }
      expect((await client.me.get()).author).toMatchObject({
        profile_photo_url: null,
        profile_banner_photo_url: null,
      });

      await photoInput.setInputFiles({
        name: 'photo.png',
        mimeType: 'image/png',
        buffer: await solidImage('png', 600, 600, '#8a4b3c'),
      });
      await bannerInput.setInputFiles({
        name: 'banner.png',
        mimeType: 'image/png',
        buffer: await solidImage('png', 1500, 500, '#2f5d7c'),
      });
      await button('Upload').click();
      await expect.poll(() => status().textContent()).toBe('Your new pictures are saved.');
      await tab.check();
      // With JavaScript, the oversized file was never sent: one post since, this one.
      expect(posts.length - postsBefore).toBe(javaScriptEnabled ? 1 : 2);
      const { author } = await client.me.get();
      expect(author.profile_photo_url).toMatch(/^http.*\/media\//);
      expect(author.profile_banner_photo_url).toMatch(/^http.*\/media\//);
      const photo = tab.main().locator('img.photo');
      const banner = tab.main().locator('img.banner');
      expect(await photo.getAttribute('src')).toBe(author.profile_photo_url);
      expect(await banner.getAttribute('src')).toBe(author.profile_banner_photo_url);
      // Loaded and shown: the API's re-encoded sizes; the photo, shown at 96 pixels, at its copy that wide.
      await tab.page.waitForFunction(() => [...document.images].every((image) => image.complete));
      const photo96 = author.profile_photo_sizes.find(({ width }) => width === 96)?.url;
      expect(photo96).toMatch(/-96\.webp$/);
      expect(await photo.evaluate((image: HTMLImageElement) => image.currentSrc)).toBe(photo96);
      expect(await photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(96);
      expect(await banner.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1500);
      await screenshot('studio-profile');

      // A refused upload after a saved one: the address still says `?done=photos`, the page does not.
      await photoInput.setInputFiles(notAPicture);
      expect(await post(button('Upload'))).toBe(415);
      expect(new URL(tab.page.url()).search).toBe('?done=photos');
      await expectRefusedForm(tab.page, {
        fields: {
          profile_photo:
            'The photo must be a JPEG, PNG, WebP or GIF image, and this file is not one. Choose an image.',
        },
      });
      expect(await status().count()).toBe(0);

      // Taking a picture away looks unlike saving one.
      const look = (name: string) =>
        button(name).evaluate((element) => {
          const { backgroundColor, color } = getComputedStyle(element);
          return { backgroundColor, color };
        });
      // The page's paper, outlined and written in the error's red.
      expect(await look('Remove the photo')).toEqual({
        backgroundColor: 'rgb(253, 251, 247)',
        color: 'rgb(161, 27, 27)',
      });
      expect(await look('Upload')).toEqual({
        backgroundColor: 'rgb(122, 46, 29)',
        color: 'rgb(255, 255, 255)',
      });

      await button('Remove the photo').click();
      await tab.main().getByText('You have no photo.').waitFor();
      await expect.poll(() => status().textContent()).toBe('The picture is removed.');
      expect((await client.me.get()).author).toMatchObject({ profile_photo_url: null });
      expect(await banner.getAttribute('src')).toBe(author.profile_banner_photo_url);
      await button('Remove the banner').click();
      await tab.main().getByText('You have no banner.').waitFor();
      await tab.check();
      expect((await client.me.get()).author).toMatchObject({ profile_banner_photo_url: null });
      tab.page.off('request', countPost);
      expect(tab.errors).toEqual([]);
    });

    it('changes the email with the current password (a wrong one is refused beside it): unverified, a link mailed; mails a new link', async () => {
      const { client } = await loggedInAuthor('Mary', 'Somerville');
      const newEmail = `mary-${device}-${Date.now()}@example.org`;
      await tab.open('/studio/account');
      await tab.main().getByRole('link', { name: 'Change your email address' }).click();
      await tab.page.waitForURL('/studio/account/email');
      await tab.check();

      await tab.page.getByLabel('New email address').fill(newEmail);
      await tab.page.getByLabel('Current password').fill('not my password at all');
      expect(await post(button('Change the email address'))).toBe(401);
      await expectRefusedForm(tab.page, {
        fields: { current_password: 'This is not your current password.' },
      });
      expect(await fieldError('current_password').textContent()).toBe(
        'This is not your current password. Forgotten it? Set a new one by mail.',
      );
      expect(await tab.page.getByLabel('New email address').inputValue()).toBe(newEmail);
      await tab.check();
      expect((await client.me.get()).author.email).not.toBe(newEmail);

      await tab.page.getByLabel('Current password').fill('a long author password 7c');
      await button('Change the email address').click();
      await tab.page.waitForURL('/studio/account?done=email');
      await tab.check();
      await expect
        .poll(() => status().textContent())
        .toMatch(/^Your email address is changed\. We have mailed a link/);
      await tab.main().getByText(`Your email address is ${newEmail}. It is not verified yet`).waitFor();
      await screenshot('studio-account');
      expect((await client.me.get()).author).toMatchObject({ email: newEmail, email_verified: false });
      expect((await smtp.waitFor(newEmail)).text).toMatch(/\/verify-email\?token=/);

      await button('Mail me a new link').click();
      await tab.page.waitForURL('/studio/account?done=verification');
      await expect
        .poll(() => status().textContent())
        .toBe('We have mailed you a new link to verify your email address.');
      expect((await smtp.waitFor(newEmail, { nth: 2 })).text).toMatch(/\/verify-email\?token=/);
      expect(tab.errors).toEqual([]);
    });

    it('chooses the mail about new poems: each, then one a day, then none, then each again; a forged choice is refused, nothing changed', async () => {
      const { client, cookie } = await loggedInAuthor('Grace', 'Hopper');
      await tab.open('/studio/account');
      const choice = (name: string) => tab.main().getByRole('radio', { name });
      expect(await choice('A mail for each new poem').isChecked()).toBe(true);
      await tab.check();

      for (const [name, setting] of [
        ['One mail a day, with the day’s new poems', 'daily'],
        ['No mail', 'off'],
        ['A mail for each new poem', 'each'],
      ] as const) {
        await choice(name).check();
        await post(button('Save the mail setting'));
        await tab.page.waitForURL('/studio/account?done=notifications');
        await expect.poll(async () => (await client.me.get()).author.new_poem_mail).toBe(setting);
        await expect.poll(() => status().textContent()).toBe('Your choice of mail about new poems is saved.');
        await tab.page.reload();
        expect(await choice(name).isChecked()).toBe(true);
      }

      const forged = await fetch(`${service.url}/studio/account`, {
        method: 'POST',
        headers: { cookie, origin: service.url, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'intent=notifications&new_poem_mail=weekly',
      });
      expect(forged.status).toBe(400);
      expect((await client.me.get()).author.new_poem_mail).toBe('each');
      expect(tab.errors).toEqual([]);
    });

    it('changes the password with the current one (a wrong one is refused beside it); logs in with the new one', async () => {
      const { email, password } = await loggedInAuthor('Emmy', 'Noether');
      const newPassword = 'rings and their ideals 31';
      await tab.open('/studio/account');
      await tab.main().getByRole('link', { name: 'Change your password' }).click();
      await tab.page.waitForURL('/studio/account/password');
      await tab.check();

      await tab.page.getByLabel('Current password').fill('not my password at all');
      await tab.page.getByLabel('New password').fill(newPassword);
      expect(await post(button('Change the password'))).toBe(401);
      await expectRefusedForm(tab.page, {
        fields: { current_password: 'This is not your current password.' },
      });
      await tab.page.getByLabel('Current password').fill(password);
      await tab.page.getByLabel('New password').fill(newPassword);
      await button('Change the password').click();
      await tab.page.waitForURL('/studio/account?done=password');
      await tab.check();
      await expect
        .poll(() => status().textContent())
        .toBe('Your password is changed. Every other session of your account has ended.');
      await tab.open('/logout');
      await button('Log out').click();
      await tab.open('/login');
      await tab.page.getByLabel('Email').fill(email);
      await tab.page.getByLabel('Password').fill(newPassword);
      await button('Log in').click();
      await tab.page.getByText('You are logged in as Emmy Noether').waitFor();
      expect(tab.errors).toEqual([]);
    });

    it('lists the poets and collections I follow, the poems I like and my feed, page by page; unfollows and unlikes', async () => {
      const poet = await signedUpAuthor(service.url, 'Wislawa', 'Szymborska');
      const { client } = await loggedInAuthor('Rita', 'Reader');
      const poems: Poem[] = [];
      for (let n = 0; n < POEMS; n += 1) {
        const { poem } = await poet.client.me.poems.create({ body: {} });
        const params = { poemId: poem.id };
        const body = { title: `Tide ${n}`, body: `Tide ${n} comes in\nand goes out`, is_published: true };
        poems.push((await poet.client.me.poems.update({ params, body })).poem);
        await client.poem.likes.like({ params });
      }
      const { collection } = await poet.client.me.collections.create({
        body: { title: 'Shore Songs', is_public: true },
      });
      await poet.client.me.collections.poems.add({
        params: { collectionId: collection.id, poemId: poems[0]?.id ?? '' },
        body: {},
      });
      await client.author.followers.follow({ params: { authorId: poet.author.id } });
      await client.collection.followers.follow({ params: { collectionId: collection.id } });
      /** Newest published first, and the latest liked first: both the reverse of making. */
      const newestFirst = poems.map((poem) => poem.title).reverse();
      const titles = () => tab.main().locator('.poem-title').allTextContents();

      await tab.open('/studio/feed');
      expect(await titles()).toEqual(newestFirst.slice(0, 20));
      await tab.main().getByRole('link', { name: 'Next page' }).click();
      await tab.page.waitForURL(/\/studio\/feed\?cursor=/);
      await tab.check();
      expect(await titles()).toEqual(newestFirst.slice(20));

      await tab.open('/studio/liked');
      expect(await titles()).toEqual(newestFirst.slice(0, 20));
      await button('Unlike Tide 20').click();
      await tab.main().getByRole('link', { name: 'Tide 0', exact: true }).waitFor();
      expect(await titles()).toEqual(newestFirst.slice(1));
      await tab.check();
      const liked = await client.me.liked.list({ query: { limit: 100 } });
      expect(liked.poems.map((poem) => poem.title)).toEqual(newestFirst.slice(1));

      await tab.open('/studio/following');
      await tab.main().getByRole('link', { name: 'Wislawa Szymborska' }).waitFor();
      await tab.main().getByRole('link', { name: 'Shore Songs' }).waitFor();
      await screenshot('studio-following');
      await button('Unfollow Shore Songs').click();
      await tab.main().getByText('You follow no collection yet.').waitFor();
      expect((await client.me.following.collections.list()).collections).toEqual([]);
      await button('Unfollow Wislawa Szymborska').click();
      await tab.main().getByText('You follow no poet yet.').waitFor();
      await tab.check();
      expect((await client.me.following.list()).authors).toEqual([]);
      expect(tab.errors).toEqual([]);
    });

    it('deletes the account once the username is typed (a wrong one is refused beside it): home, logged out, the author gone', async () => {
      const { author, cookie } = await loggedInAuthor('Sofia', 'Kovalevskaya');
      await tab.open('/studio/account');
      await tab.main().getByRole('link', { name: 'Delete your account' }).click();
      await tab.page.waitForURL('/studio/account/delete');
      await tab.check();

      await tab.page.getByLabel('Your username').fill('someone-else');
      expect(await post(button('Delete my account'))).toBe(400);
      await expectRefusedForm(tab.page, {
        fields: { username: `This is not your username. Type ${author.username} to confirm.` },
      });
      await tab.check();
      const anonymous = createPoetryClient({ baseUrl: service.url });
      expect(await statusOf(anonymous.author.get({ params: { authorId: author.username } }))).toBe(0);

      await tab.page.getByLabel('Your username').fill(author.username);
      await button('Delete my account').click();
      await tab.page.waitForURL('/');
      await tab.page
        .getByRole('navigation', { name: 'Account' })
        .getByRole('link', { name: 'Log in' })
        .waitFor();
      await tab.check();
      // The API's answer cleared the session's cookie, and the page passed it on.
      const sessionCookie = browserCookie(cookie, service.url).name;
      expect((await tab.context.cookies()).map(({ name }) => name)).not.toContain(sessionCookie);
      expect(await statusOf(anonymous.author.get({ params: { authorId: author.username } }))).toBe(404);
      expect(tab.errors).toEqual([]);
    });
  });
}

describe('the studio in the dark', () => {
  it("shows the studio's pages light on dark paper, with the contrast axe asks for", async () => {
    const author = await signedUpAuthor(service.url, 'Hypatia', 'Alexandria');
    const { poem } = await author.client.me.poems.create({ body: {} });
    const { context, page, errors } = await newBrowserPage(browser, {
      viewport: VIEWPORTS.desktop,
      baseURL: service.url,
      colorScheme: 'dark',
    });
    await context.addCookies([browserCookie(author.cookie, service.url)]);
    for (const path of [
      '/studio',
      // A draft: its share link besides the form.
      `/studio/poem/${poem.id}`,
      '/studio/collections',
      '/studio/profile',
      '/studio/account',
      '/studio/following',
    ]) {
      await page.goto(path);
      await checkDarkPage(page);
    }
    await page.goto(`/studio/poem/${poem.id}`);
    await page.screenshot({ path: `${TEST_RESULTS}studio-poem-desktop-dark.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
