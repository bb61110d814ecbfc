import { ApiError, type MyPoem } from '@poetry/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserCookie, signedUpAuthor } from './support/authors.js';
import { CROSSED_SETTINGS, newBrowserPage, useBrowserPage } from './support/browser-page.js';
import { useServiceAndBrowser } from './support/service-and-browser.js';
import { shownStanzas } from './support/shown-stanzas.js';
import { TEST_RESULTS } from './support/viewports.js';

const running = useServiceAndBrowser({ GENERAL_REQUESTS_PER_IP: '100000' });

const TITLE = 'Low Water';
/** Two stanzas with indented lines, as an author types them. */
const STANZAS = [
  'The tide goes out\n  and leaves its salt\n    on every stone;',
  'and I, who waited,\n  keep the shore.',
];
const BODY = STANZAS.join('\n\n');

/** A minute a day from now, as a `datetime-local` field takes it (in UTC, as the page says), and as the API answers it. */
function tomorrow() {
  const minute = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 16);
  return { typed: minute, iso: `${minute}:00.000Z` };
}

for (const setting of CROSSED_SETTINGS) {
  const { javaScriptEnabled, device } = setting;
  describe(`the studio's poems ${setting.name}`, () => {
    const tab = useBrowserPage(setting, () => ({ browser: running.browser, baseURL: running.service.url }));
    let author: Awaited<ReturnType<typeof signedUpAuthor>>;
    /** A poem written before the one these tests write in the browser. */
    let older: MyPoem;
    let poemId: string;

    beforeAll(async () => {
      author = await signedUpAuthor(running.service.url, 'Grace', device === 'desktop' ? 'Tide' : 'Shore');
      const { poem: draft } = await author.client.me.poems.create({ body: {} });
      ({ poem: older } = await author.client.me.poems.update({
        params: { poemId: draft.id },
        body: { title: 'An Older One' },
      }));
      await tab.context.addCookies([browserCookie(author.cookie, running.service.url)]);
    });

    const field = (label: string) => tab.main().getByLabel(label, { exact: true });
    const button = (name: string) => tab.main().getByRole('button', { name, exact: true });
    const myPoem = async (id = poemId) => (await author.client.me.poems.get({ params: { poemId: id } })).poem;
    const listed = () => tab.main().locator('.studio-list li');
    const studioNav = (name: string) =>
      tab.page.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name, exact: true });

    /** Clicks the button `name`, and answers the status of the page's post. */
    const post = async (name: string) => {
      const answer = tab.page.waitForResponse((response) => response.request().method() === 'POST');
      await button(name).click();
      return (await answer).status();
    };
    /** Clicks the button `name` of the writing page; the page then says `done`. */
    const postDone = async (name: string, done: string) => {
      await button(name).click();
      await tab.main().getByRole('status').filter({ hasText: done }).waitFor();
      await tab.check();
    };

    /** `path` opened in a browser nobody is logged in on: its status, heading and stanzas. */
    const anonymously = async (path: string) => {
      const stranger = await newBrowserPage(running.browser, { ...setting, baseURL: running.service.url });
      try {
        const response = await stranger.page.goto(path);
        return {
          status: response?.status(),
          heading: await stranger.page.locator('main h1').textContent(),
          stanzas: await shownStanzas(stranger.page),
        };
      } finally {
        await stranger.context.close();
      }
    };

    it('creates a poem from the list, keeps what was typed through refused saves, saves it, and lists it first', async () => {
      await tab.page.goto('/studio');
      await tab.check();
      await button('New poem').click();
      await tab.page.waitForURL(/\/studio\/poem\/[0-9a-f-]{36}$/);
      poemId = new URL(tab.page.url()).pathname.split('/').at(-1) ?? '';
      await tab.check();
      await expect.poll(() => tab.main().locator('h1').textContent()).toBe('Untitled');
      await expect.poll(() => tab.main().locator('.state').textContent()).toBe('Draft');
      // The body in the reading page's serif, white space kept.
      const { whiteSpace, fontFamily } = await field('Poem').evaluate((element) => getComputedStyle(element));
      expect(whiteSpace).toBe('pre-wrap');
      expect(fontFamily).toMatch(/^Charter,/);
      await tab.main().getByText('At most 20 tags of up to 40 characters each').waitFor();

      // Publishing without a body: the API's 422, beside the field; the title is kept.
      await field('Title').fill(TITLE);
      expect(await post('Publish now')).toBe(422);
      await expect.poll(() => tab.main().locator('#field-body-error').textContent()).toBe('is empty');
      expect(await field('Title').inputValue()).toBe(TITLE);
      await tab.check();

      // A title over 200 characters: the API's 400 beside it; the poem typed is all still there.
      const longTitle = 'A'.repeat(201);
      await field('Title').fill(longTitle);
      await field('Poem').fill(BODY);
      await field('Tags').fill('Sea, night , sea');
      expect(await post('Save')).toBe(400);
      await expect
        .poll(() => tab.main().locator('#field-title-error').textContent())
        .toMatch(/at most 200 characters/);
      expect(await field('Poem').inputValue()).toBe(BODY);
      expect(await field('Title').inputValue()).toBe(longTitle);
      expect(await field('Tags').inputValue()).toBe('Sea, night , sea');
      expect((await myPoem()).body).toBe('');
      await tab.check();

      await field('Title').fill(TITLE);
      await postDone('Save', 'Saved.');
      await expect.poll(() => tab.main().locator('h1').textContent()).toBe(TITLE);
      const saved = await myPoem();
      expect(saved).toMatchObject({ title: TITLE, body: BODY, tags: ['sea', 'night'], is_published: false });
      // Loaded again, the page shows the poem as it was typed.
      await tab.page.reload();
      expect(await field('Poem').inputValue()).toBe(BODY);
      expect(await field('Tags').inputValue()).toBe('sea, night');

      // Most recently updated first: this poem, then the older one, until that one changes.
      await studioNav('Poems').click();
      await tab.page.waitForURL('/studio');
      await tab.check();
      expect(await listed().locator('.poem-title').allTextContents()).toEqual([TITLE, older.title]);
      await expect.poll(() => listed().first().locator('.state').textContent()).toMatch(/^Draft · updated/);
      await author.client.me.poems.update({
        params: { poemId: older.id },
        body: { title: 'An Older One, Again' },
      });
      await tab.page.reload();
      expect(await listed().locator('.poem-title').allTextContents()).toEqual(['An Older One, Again', TITLE]);
      expect(tab.errors).toEqual([]);
    });

    it('schedules the poem (a past time is refused), lists it as scheduled, and cancels the schedule', async () => {
      await tab.page.goto(`/studio/poem/${poemId}`);
      await tab.check();
      const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 16);
      await field('Publish at (UTC)').fill(yesterday);
      expect(await post('Schedule')).toBe(422);
      await expect
        .poll(() => tab.main().locator('#field-publish_at-error').textContent())
        .toBe('is not in the future');
      expect(await field('Publish at (UTC)').inputValue()).toBe(yesterday);

      // Scheduling saves what was typed too.
      const time = tomorrow();
      await field('Publish at (UTC)').fill(time.typed);
      await field('Tags').fill('sea, night, tide');
      await postDone('Schedule', 'Saved and scheduled.');
      expect(await myPoem()).toMatchObject({ publish_at: time.iso, tags: ['sea', 'night', 'tide'] });
      await expect
        .poll(() => tab.main().locator('.state').textContent())
        .toMatch(/^Scheduled for .+, \d\d:\d\d UTC$/);
      expect(await field('Publish at (UTC)').inputValue()).toBe(time.typed);
      expect((await anonymously(`/poem/${poemId}`)).status).toBe(404);

      await studioNav('Poems').click();
      await tab.page.waitForURL('/studio');
      await expect.poll(() => listed().first().locator('.state').textContent()).toMatch(/^Scheduled for /);
      await listed().first().getByRole('link', { name: TITLE }).click();
      await tab.page.waitForURL(`/studio/poem/${poemId}`);

      await postDone('Cancel the schedule', 'Saved; the schedule is cancelled.');
      expect((await myPoem()).publish_at).toBeNull();
      await expect.poll(() => tab.main().locator('.state').textContent()).toBe('Draft');
      expect(tab.errors).toEqual([]);
    });

    it('publishes the poem, which readers then read as typed, and unpublishes it', async () => {
      await tab.page.goto(`/studio/poem/${poemId}`);
      await postDone('Publish now', 'Saved and published.');
      expect((await myPoem()).is_published).toBe(true);
      await expect
        .poll(() => tab.main().locator('.state').textContent())
        .toMatch(/^Published .+ · Read it on its page$/);
      if (javaScriptEnabled) {
        await tab.page.screenshot({ path: `${TEST_RESULTS}studio-poem-${device}.png`, fullPage: true });
      }
      const read = await anonymously(`/poem/${poemId}`);
      expect(read).toEqual({ status: 200, heading: TITLE, stanzas: STANZAS });

      await tab.main().getByRole('link', { name: 'Read it on its page' }).click();
      await tab.page.waitForURL(`/poem/${poemId}`);
      await tab.page.goto(`/studio/poem/${poemId}`);

      await postDone('Unpublish', 'Saved and unpublished: a draft again.');
      expect((await myPoem()).is_published).toBe(false);
      expect((await anonymously(`/poem/${poemId}`)).status).toBe(404);
      expect(tab.errors).toEqual([]);
    });

    it("shows the draft's share link, which opens it logged out, and replaces it", async () => {
      await tab.page.goto(`/studio/poem/${poemId}`);
      const { share_key: firstKey } = await myPoem();
      const link = field('Share link');
      expect(await link.inputValue()).toBe(`${running.service.url}/p/${firstKey}`);
      expect(await link.getAttribute('readonly')).not.toBeNull();
      expect(await anonymously(`/p/${firstKey}`)).toEqual({ status: 200, heading: TITLE, stanzas: STANZAS });

      if (javaScriptEnabled) {
        await tab.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
          origin: running.service.url,
        });
        await button('Copy').click();
        await tab.main().getByRole('status').filter({ hasText: 'Copied.' }).waitFor();
        expect(await tab.page.evaluate(() => navigator.clipboard.readText())).toBe(
          `${running.service.url}/p/${firstKey}`,
        );
      } else {
        expect(await button('Copy').count()).toBe(0);
      }

      await postDone('Replace the link', 'the share link is replaced');
      const { share_key: secondKey } = await myPoem();
      expect(secondKey).not.toBe(firstKey);
      expect(await link.inputValue()).toBe(`${running.service.url}/p/${secondKey}`);
      expect((await anonymously(`/p/${firstKey}`)).status).toBe(404);
      expect((await anonymously(`/p/${secondKey}`)).status).toBe(200);
      expect(tab.errors).toEqual([]);
    });

    it('deletes the poem after asking, naming it', async () => {
      await tab.page.goto(`/studio/poem/${poemId}`);
      await tab.main().getByRole('link', { name: 'Delete this poem' }).click();
      await tab.page.waitForURL(`/studio/poem/${poemId}/delete`);
      await tab.check();
      await expect.poll(() => tab.main().locator('h1').textContent()).toBe(`Delete “${TITLE}”?`);
      await button('Delete the poem').click();
      await tab.page.waitForURL('/studio?done=deleted');
      await tab.main().getByRole('status').filter({ hasText: 'The poem is deleted.' }).waitFor();
      await tab.check();
      expect(await listed().locator('.poem-title').allTextContents()).toEqual(['An Older One, Again']);
      const gone = await myPoem().catch((error: unknown) => error);
      expect(gone).toBeInstanceOf(ApiError);
      expect((gone as ApiError).status).toBe(404);
      expect(tab.errors).toEqual([]);
    });

    // Only where scripts run: without them no page can warn, and the browser does not.
    if (javaScriptEnabled)
      it('warns before leaving with unsaved changes, by reload or by link, and not once they are saved', async () => {
        const dialogs: string[] = [];
        let stay = true;
        tab.page.on('dialog', (dialog) => {
          dialogs.push(dialog.type());
          void (stay ? dialog.dismiss() : dialog.accept());
        });
        const open = async () => {
          await tab.page.goto(`/studio/poem/${older.id}`);
          // Shown once the page's scripts have run: the form is watched by then.
          await button('Copy').waitFor();
        };
        await open();
        await tab.page.reload();
        expect(dialogs).toEqual([]);

        // Staying: the text is still there.
        await field('Poem').click();
        await field('Poem').pressSequentially('Half a line');
        await studioNav('Poems').click();
        await expect.poll(() => dialogs).toEqual(['beforeunload']);
        expect(new URL(tab.page.url()).pathname).toBe(`/studio/poem/${older.id}`);
        expect(await field('Poem').inputValue()).toBe('Half a line');

        // Leaving by a reload: the text is gone.
        stay = false;
        await tab.page.reload();
        expect(dialogs).toEqual(['beforeunload', 'beforeunload']);
        expect(await field('Poem').inputValue()).toBe('');

        // A refused save saved nothing: leaving still asks, and staying keeps the text.
        stay = true;
        await button('Copy').waitFor();
        await field('Poem').click();
        await field('Poem').pressSequentially('Half a line');
        await field('Title').fill('A'.repeat(201));
        expect(await post('Save')).toBe(400);
        await button('Copy').waitFor();
        await studioNav('Poems').click();
        await expect.poll(() => dialogs).toEqual(['beforeunload', 'beforeunload', 'beforeunload']);
        expect(new URL(tab.page.url()).pathname).toBe(`/studio/poem/${older.id}`);
        expect(await field('Poem').inputValue()).toBe('Half a line');

        // Saved: no question, by link or by reload.
        await field('Title').fill('An Older One, Again');
        await postDone('Save', 'Saved.');
        expect((await myPoem(older.id)).body).toBe('Half a line');
        await studioNav('Poems').click();
        await tab.page.waitForURL('/studio');
        await open();
        await field('Poem').pressSequentially(', and more');
        await postDone('Save', 'Saved.');
        await tab.page.reload();
        expect(dialogs).toHaveLength(3);

        // Leaving when asked, by a link to a reader page.
        await button('Copy').waitFor();
        await field('Poem').pressSequentially(', and yet more');
        stay = false;
        await tab.page.getByRole('link', { name: 'Poetry', exact: true }).click();
        await tab.page.waitForURL('/');
        expect(dialogs).toHaveLength(4);
        expect(tab.errors).toEqual([]);
      });

    it('pages through more than 20 poems, most recently updated first', async () => {
      const many = await signedUpAuthor(running.service.url, 'Many', 'Poems');
      const titles: string[] = [];
      for (let n = 1; n <= 23; n += 1) {
        const { poem } = await many.client.me.poems.create({ body: {} });
        await many.client.me.poems.update({ params: { poemId: poem.id }, body: { title: `Poem ${n}` } });
        titles.unshift(`Poem ${n}`);
      }
      await tab.context.clearCookies();
      await tab.context.addCookies([browserCookie(many.cookie, running.service.url)]);
      await tab.page.goto('/studio');
      await tab.check();
      expect(await listed().locator('.poem-title').allTextContents()).toEqual(titles.slice(0, 20));
      await tab.main().getByRole('link', { name: 'Next page' }).click();
      await tab.page.waitForURL(/\/studio\?cursor=/);
      await tab.check();
      expect(await listed().locator('.poem-title').allTextContents()).toEqual(titles.slice(20));
      await tab.main().getByRole('link', { name: 'Previous page' }).click();
      await tab.page.waitForURL(/\/studio\?cursor=/);
      await tab.check();
      expect(await listed().locator('.poem-title').allTextContents()).toEqual(titles.slice(0, 20));
      // Another author's poem is no page of this studio.
      expect((await tab.page.goto(`/studio/poem/${older.id}`))?.status()).toBe(404);
      expect(tab.errors).toEqual([]);
    });
  });
}
