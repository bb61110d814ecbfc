import { ApiError, type MyPoem } from '@poetry/sdk';
import type { Dialog, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserCookie, signedUpAuthor } from './support/authors.js';
import { CROSSED_SETTINGS, newBrowserPage, submit, useBrowserPage } from './support/browser-page.js';
import { expectRefusedForm } from './support/refused-form.js';
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
/** What the writing page says of BODY under the text box: the lines that hold text, and the words. */
const BODY_COUNT = '5 lines, 18 words';

/** How long an author pauses before a draft saves itself (`public/poem-editor.js`). */
const AUTOSAVE_PAUSE_MS = 2_000;
/** The time in the pages with JavaScript, in the browser's time zone, as they say it once saved. */
const CLOCK_START = new Date(2026, 11, 1, 10, 42);
const SAVED = /^Saved 10:\d\d\b/;

/** A minute a day from now, as a `datetime-local` field takes it (in UTC, the browser's zone here), and as the API answers it. */
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
      // Time stands still in the pages unless a test moves it: a draft saves itself only when a
      // test pauses typing, and says the time it was saved (10:42 and on).
      if (javaScriptEnabled) {
        await tab.context.clock.install({ time: CLOCK_START });
        await tab.context.clock.pauseAt(CLOCK_START);
      }
    });

    /**
     * What every page must have (`tab.check`). axe-core waits on timers, which stand still in the
     * pages with JavaScript (the clock above): they run while it does.
     */
    const check = async () => {
      if (!javaScriptEnabled) return tab.check();
      await tab.page.clock.resume();
      try {
        await tab.check();
      } finally {
        await tab.page.clock.pauseAt(await tab.page.evaluate(() => Date.now() + 1));
      }
    };
    const open = async (path: string) => {
      await tab.page.goto(path);
      await check();
    };
    const field = (label: string) => tab.main().getByLabel(label, { exact: true });
    const button = (name: string) => tab.main().getByRole('button', { name, exact: true });
    const myPoem = async (id = poemId) => (await author.client.me.poems.get({ params: { poemId: id } })).poem;
    const listed = () => tab.main().locator('.studio-list li');
    const myPoemIds = async () => (await author.client.me.poems.list()).poems.map(({ id }) => id);
    /** The writing page's count of the poem's lines and words, under the text box. */
    const count = () => tab.main().locator('#poem-count').textContent();
    const preview = () => tab.main().getByRole('region', { name: 'Preview' });
    /** What the writing page says of the draft's saving (with JavaScript). */
    const saveStatus = () => tab.main().locator('#poem-save-status').textContent();
    /** The author stops typing for long enough: a draft saves itself. */
    const pauseTyping = () => tab.page.clock.runFor(AUTOSAVE_PAUSE_MS);
    /**
     * The browser's questions before leaving a page, as they come, each answered: stay, until
     * told to leave (`stay(false)`); `stop()` stops answering.
     */
    const answeringDialogs = () => {
      const asked: string[] = [];
      let staying = true;
      const answer = (dialog: Dialog) => {
        asked.push(dialog.type());
        void (staying ? dialog.dismiss() : dialog.accept());
      };
      tab.page.on('dialog', answer);
      return {
        asked,
        stay: (value: boolean) => {
          staying = value;
        },
        stop: () => tab.page.off('dialog', answer),
      };
    };
    /** One of my poems, published through the SDK. */
    const publishedPoem = async (title: string, body: string) => {
      const { poem } = await author.client.me.poems.create({ body: {} });
      return (
        await author.client.me.poems.update({
          params: { poemId: poem.id },
          body: { title, body, is_published: true },
        })
      ).poem;
    };
    const studioNav = (name: string) =>
      tab.page.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name, exact: true });

    const post = (name: string) => submit(tab.page, button(name));
    /** Clicks the button `name` of the writing page; the page then says `done`. */
    const postDone = async (name: string, done: string) => {
      await button(name).click();
      await tab.main().getByRole('status').filter({ hasText: done }).waitFor();
      await check();
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

    it('writes a new poem from the list: refused saves and a preview make no draft, and its first save makes one', async () => {
      await tab.page.goto('/studio');
      await check();
      await tab.main().getByRole('link', { name: 'New poem', exact: true }).click();
      await tab.page.waitForURL('/studio/poem/new');
      await check();
      await expect.poll(() => tab.main().locator('h1').textContent()).toBe('New poem');
      // The body in the reading page's serif, white space kept.
      const { whiteSpace, fontFamily } = await field('Poem').evaluate((element) => getComputedStyle(element));
      expect(whiteSpace).toBe('pre-wrap');
      expect(fontFamily).toMatch(/^Charter,/);
      await tab.main().getByText('At most 20 tags of up to 40 characters each').waitFor();
      expect(await count()).toBe('0 lines, 0 words');

      // Publishing without a body: the API's 422, beside the field; the title is kept, and no draft is left.
      await field('Title').fill(TITLE);
      expect(await post('Publish now')).toBe(422);
      await expectRefusedForm(tab.page, {
        fields: { body: 'Write the poem: an empty one cannot be published or scheduled.' },
      });
      expect(await field('Title').inputValue()).toBe(TITLE);
      expect(await myPoemIds()).toEqual([older.id]);
      await check();

      // A title over 200 characters: the API's 400 beside it; the poem typed is all still there.
      const longTitle = 'A'.repeat(201);
      await field('Title').fill(longTitle);
      await field('Poem').fill(BODY);
      await field('Tags').fill('Sea, night , sea');
      // Counted as typed with JavaScript; without, by the page that answers the post.
      if (javaScriptEnabled) expect(await count()).toBe(BODY_COUNT);
      expect(await post('Save')).toBe(400);
      await expectRefusedForm(tab.page, { fields: { title: 'The title must be 200 characters or fewer.' } });
      expect(await field('Poem').inputValue()).toBe(BODY);
      expect(await field('Title').inputValue()).toBe(longTitle);
      expect(await field('Tags').inputValue()).toBe('Sea, night , sea');
      expect(await count()).toBe(BODY_COUNT);
      expect(await myPoemIds()).toEqual([older.id]);
      await check();

      // Previewed: the poem as readers will see it, in its stanzas; still nothing saved.
      await field('Title').fill(TITLE);
      await button('Preview').click();
      await preview().getByRole('heading', { name: TITLE }).waitFor();
      expect(await shownStanzas(tab.page)).toEqual(STANZAS);
      expect(await field('Poem').inputValue()).toBe(BODY);
      expect(await myPoemIds()).toEqual([older.id]);
      await check();

      await postDone('Save', 'Saved.');
      await tab.page.waitForURL(/\/studio\/poem\/[0-9a-f-]{36}\?done=save$/);
      poemId = new URL(tab.page.url()).pathname.split('/').at(-1) ?? '';
      await expect.poll(() => tab.main().locator('h1').textContent()).toBe(TITLE);
      await expect.poll(() => tab.main().locator('.state').textContent()).toBe('Draft');
      const saved = await myPoem();
      expect(saved).toMatchObject({ title: TITLE, body: BODY, tags: ['sea', 'night'], is_published: false });
      expect(await myPoemIds()).toEqual([poemId, older.id]);
      // Loaded again, the page shows the poem as it was typed.
      await tab.page.reload();
      expect(await field('Poem').inputValue()).toBe(BODY);
      expect(await field('Tags').inputValue()).toBe('sea, night');
      expect(await count()).toBe(BODY_COUNT);

      // Most recently updated first: this poem, then the older one, until that one changes.
      await studioNav('Poems').click();
      await tab.page.waitForURL('/studio');
      await check();
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

    it('previews changes to the draft as readers will see them, saving nothing, then saves them', async () => {
      await open(`/studio/poem/${poemId}`);
      if (device === 'phone') {
        // Save within reach at once, the text box below the page's heading.
        const save = await button('Save').boundingBox();
        expect((save?.y ?? Number.POSITIVE_INFINITY) + (save?.height ?? 0)).toBeLessThanOrEqual(
          setting.viewport.height,
        );
      }
      await tab.page.screenshot({ path: `${TEST_RESULTS}studio-poem-editor-${device}.png` });
      const changed = [...STANZAS, 'Salt on the stone,\n  salt on the tongue.'];
      await field('Poem').fill(changed.join('\n\n'));
      await button('Preview').click();
      await expect.poll(() => shownStanzas(tab.page)).toEqual(changed);
      expect(await preview().getByRole('heading', { level: 3 }).textContent()).toBe(TITLE);
      expect(await field('Poem').inputValue()).toBe(changed.join('\n\n'));
      expect(await count()).toBe('7 lines, 26 words');
      expect((await myPoem()).body).toBe(BODY);
      await check();
      await tab.page.screenshot({ path: `${TEST_RESULTS}studio-poem-preview-${device}.png`, fullPage: true });

      if (javaScriptEnabled) {
        // At the next pause the preview follows the text, and the draft saves itself.
        await field('Poem').fill(`${BODY}\n\n`);
        await pauseTyping();
        await expect.poll(() => shownStanzas(tab.page)).toEqual(STANZAS);
        await expect.poll(saveStatus).toMatch(SAVED);
      } else {
        await field('Poem').fill(`${BODY}\n\n`);
        await postDone('Save', 'Saved.');
      }
      expect((await myPoem()).body).toBe(`${BODY}\n\n`);
      await author.client.me.poems.update({ params: { poemId }, body: { body: BODY } });
      expect(tab.errors).toEqual([]);
    });

    it('schedules the poem (a past time is refused), lists it as scheduled, and cancels the schedule', async () => {
      await tab.page.goto(`/studio/poem/${poemId}`);
      await check();
      const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 16);
      await field('Publish at').fill(yesterday);
      expect(await post('Schedule')).toBe(422);
      await expectRefusedForm(tab.page, {
        fields: { publish_at: 'This time has passed. Choose a time to come.' },
      });
      expect(await field('Publish at').inputValue()).toBe(yesterday);

      // Scheduling saves what was typed too.
      const time = tomorrow();
      await field('Publish at').fill(time.typed);
      await field('Tags').fill('sea, night, tide');
      await postDone('Schedule', 'Saved and scheduled.');
      expect(await myPoem()).toMatchObject({ publish_at: time.iso, tags: ['sea', 'night', 'tide'] });
      await expect
        .poll(() => tab.main().locator('.state').textContent())
        .toMatch(/^Scheduled for .+, \d\d:\d\d UTC$/);
      expect(await field('Publish at').inputValue()).toBe(time.typed);
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
      await check();
      await expect.poll(() => tab.main().locator('h1').textContent()).toBe(`Delete “${TITLE}”?`);
      await button('Delete the poem').click();
      await tab.page.waitForURL('/studio?done=deleted');
      await tab.main().getByRole('status').filter({ hasText: 'The poem is deleted.' }).waitFor();
      await check();
      expect(await listed().locator('.poem-title').allTextContents()).toEqual(['An Older One, Again']);
      const gone = await myPoem().catch((error: unknown) => error);
      expect(gone).toBeInstanceOf(ApiError);
      expect((gone as ApiError).status).toBe(404);
      expect(tab.errors).toEqual([]);
    });

    // Only where scripts run: without them no page can warn, and the browser does not. On a
    // published poem, which saves only with its buttons (a draft saves itself, below).
    if (javaScriptEnabled)
      it('warns before leaving with unsaved changes, by reload or by link, and not once they are saved', async () => {
        const kept = await publishedPoem('Kept Lines', 'A line kept.');
        const { asked: dialogs, stay, stop } = answeringDialogs();
        const open = () => tab.page.goto(`/studio/poem/${kept.id}`);
        await open();
        await tab.page.reload();
        expect(dialogs).toEqual([]);

        // Staying: the text is still there.
        await field('Poem').fill('Half a line');
        await studioNav('Poems').click();
        await expect.poll(() => dialogs).toEqual(['beforeunload']);
        expect(new URL(tab.page.url()).pathname).toBe(`/studio/poem/${kept.id}`);
        expect(await field('Poem').inputValue()).toBe('Half a line');

        // Leaving by a reload: the text is gone.
        stay(false);
        await tab.page.reload();
        expect(dialogs).toEqual(['beforeunload', 'beforeunload']);
        expect(await field('Poem').inputValue()).toBe('A line kept.');

        // A refused save saved nothing: leaving still asks, and staying keeps the text.
        stay(true);
        await field('Poem').fill('Half a line');
        await field('Title').fill('A'.repeat(201));
        expect(await post('Save')).toBe(400);
        await studioNav('Poems').click();
        await expect.poll(() => dialogs).toEqual(['beforeunload', 'beforeunload', 'beforeunload']);
        expect(new URL(tab.page.url()).pathname).toBe(`/studio/poem/${kept.id}`);
        expect(await field('Poem').inputValue()).toBe('Half a line');

        // Saved: no question, by link or by reload.
        await field('Title').fill('Kept Lines, Again');
        await postDone('Save', 'Saved.');
        expect((await myPoem(kept.id)).body).toBe('Half a line');
        await studioNav('Poems').click();
        await tab.page.waitForURL('/studio');
        await open();
        await field('Poem').pressSequentially(', and more');
        await postDone('Save', 'Saved.');
        await tab.page.reload();
        expect(dialogs).toHaveLength(3);

        // Leaving when asked, by a link to a reader page.
        await field('Poem').pressSequentially(', and yet more');
        stay(false);
        await tab.page.getByRole('link', { name: 'Poetry', exact: true }).click();
        await tab.page.waitForURL('/');
        expect(dialogs).toHaveLength(4);
        stop();
        expect(tab.errors).toEqual([]);
      });

    // Where scripts run; the clock moves only when a test pauses typing (`pauseTyping`).
    if (javaScriptEnabled)
      it('saves a new poem as its author writes: one draft, then that draft, saying so; a refused save keeps the text', async () => {
        const posts: string[] = [];
        const onRequest = (request: Request) => {
          if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
        };
        tab.page.on('request', onRequest);
        const before = await myPoemIds();
        await open('/studio/poem/new');
        await field('Title').fill('Slack Water');
        await field('Poem').pressSequentially('The boats');
        expect(await count()).toBe('1 line, 2 words');
        expect(await saveStatus()).toBe('Not saved yet: the first save makes it a draft.');

        // The first save held on its way: the status says so, and the next save waits for its answer.
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        await tab.page.route(
          '**/studio/poem/new',
          async (route) => {
            await held;
            await route.continue();
          },
          { times: 1 },
        );
        await pauseTyping();
        await expect.poll(saveStatus).toBe('Saving…');
        await field('Poem').pressSequentially('\n  lie still');
        await pauseTyping();
        expect(posts).toEqual(['/studio/poem/new']);
        release();
        // The page is the draft's from then on: its address, its form's action.
        await tab.page.waitForURL(/\/studio\/poem\/[0-9a-f-]{36}$/);
        const draftId = new URL(tab.page.url()).pathname.split('/').at(-1) ?? '';
        await expect.poll(async () => (await myPoem(draftId)).body).toBe('The boats\n  lie still');
        expect(posts).toEqual(['/studio/poem/new', `/studio/poem/${draftId}`]);
        expect(await myPoemIds()).toEqual([draftId, ...before]);
        expect(await tab.main().locator('form#poem').getAttribute('action')).toBe(`/studio/poem/${draftId}`);
        await expect.poll(saveStatus).toMatch(SAVED);
        expect(await myPoem(draftId)).toMatchObject({ title: 'Slack Water', is_published: false });
        await tab.page.screenshot({ path: `${TEST_RESULTS}studio-poem-autosaved-${device}.png` });

        // Refused (a title over 200 characters): the status says why; the text stays, the draft as it was.
        await field('Title').fill('A'.repeat(201));
        await field('Poem').pressSequentially(',\n  their ropes slack.');
        await pauseTyping();
        await expect.poll(saveStatus).toMatch(/^Not saved: The title must be 200 characters or fewer\./);
        expect(await field('Poem').inputValue()).toBe('The boats\n  lie still,\n  their ropes slack.');
        expect(await count()).toBe('3 lines, 7 words');
        expect((await myPoem(draftId)).title).toBe('Slack Water');

        // Leaving asks then, as nothing saved the text; staying keeps it.
        const { asked: dialogs, stay, stop } = answeringDialogs();
        await studioNav('Poems').click();
        await expect.poll(() => dialogs).toEqual(['beforeunload']);
        expect(await field('Poem').inputValue()).toBe('The boats\n  lie still,\n  their ropes slack.');

        // Saved at the next pause: leaving asks nothing.
        await field('Title').fill('Slack Water');
        await pauseTyping();
        await expect.poll(saveStatus).toMatch(SAVED);
        expect((await myPoem(draftId)).body).toBe('The boats\n  lie still,\n  their ropes slack.');
        await studioNav('Poems').click();
        await tab.page.waitForURL('/studio');
        expect(dialogs).toEqual(['beforeunload']);

        // Left before a pause (the browser asks, and is told to leave): saved on the way out.
        await tab.page.goto(`/studio/poem/${draftId}`);
        await field('Poem').fill('The boats\n  lie still,\n  their ropes slack.\n\nAt dawn.');
        stay(false);
        await studioNav('Poems').click();
        await tab.page.waitForURL('/studio');
        expect(dialogs).toEqual(['beforeunload', 'beforeunload']);
        await expect
          .poll(async () => (await myPoem(draftId)).body)
          .toBe('The boats\n  lie still,\n  their ropes slack.\n\nAt dawn.');
        expect(await myPoemIds()).toEqual([draftId, ...before]);
        stop();
        tab.page.off('request', onRequest);
        expect(tab.errors).toEqual([]);
      });

    it('saves a published poem only with its buttons: nothing in the background, and a background save is refused', async () => {
      const published = await publishedPoem('Fixed Star', 'It does not move.');
      await open(`/studio/poem/${published.id}`);
      if (javaScriptEnabled) {
        await field('Poem').fill('It moves.');
        await pauseTyping();
        await expect
          .poll(saveStatus)
          .toBe('Not saved yet: a published or scheduled poem saves with its buttons.');
      }
      // As a page loaded while the poem was a draft would post it.
      const refusedSave = await tab.context.request.post(`/studio/poem/${published.id}`, {
        headers: { Accept: 'application/json' },
        form: { intent: 'autosave', title: 'Fixed Star', body: 'It moves.', tags: '' },
      });
      expect(refusedSave.status()).toBe(409);
      expect(await refusedSave.json()).toMatchObject({
        problem: { summary: [{ text: expect.stringMatching(/^Only drafts save as you write/) }] },
      });
      expect(await myPoem(published.id)).toMatchObject({ body: 'It does not move.', is_published: true });
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
      await check();
      expect(await listed().locator('.poem-title').allTextContents()).toEqual(titles.slice(0, 20));
      await tab.main().getByRole('link', { name: 'Next page' }).click();
      await tab.page.waitForURL(/\/studio\?cursor=/);
      await check();
      expect(await listed().locator('.poem-title').allTextContents()).toEqual(titles.slice(20));
      await tab.main().getByRole('link', { name: 'Previous page' }).click();
      await tab.page.waitForURL(/\/studio\?cursor=/);
      await check();
      expect(await listed().locator('.poem-title').allTextContents()).toEqual(titles.slice(0, 20));
      // Another author's poem is no page of this studio.
      expect((await tab.page.goto(`/studio/poem/${older.id}`))?.status()).toBe(404);
      expect(tab.errors).toEqual([]);
    });
  });
}

/** A zone far from UTC, a day ahead of it for half the day. */
const AUCKLAND = 'Pacific/Auckland';

/** `instant` as a `datetime-local` field holds it in `zone`, by Intl's own reckoning: `2026-11-30T09:00`. */
const wallClockIn = (zone: string, instant: Date | number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'short' })
    .format(instant)
    .replace(' ', 'T');

for (const setting of CROSSED_SETTINGS) {
  const { javaScriptEnabled, device } = setting;
  describe(`scheduling a poem in ${AUCKLAND}'s time ${setting.name}`, () => {
    let author: Awaited<ReturnType<typeof signedUpAuthor>>;
    let poemId: string;
    let tab: Awaited<ReturnType<typeof newBrowserPage>>;

    beforeAll(async () => {
      author = await signedUpAuthor(running.service.url, 'Katherine', 'Mansfield');
      const { poem } = await author.client.me.poems.create({ body: {} });
      poemId = poem.id;
      await author.client.me.poems.update({ params: { poemId }, body: { title: 'At the Bay', body: TITLE } });
      tab = await newBrowserPage(running.browser, {
        ...setting,
        timezoneId: AUCKLAND,
        baseURL: running.service.url,
      });
      await tab.context.addCookies([browserCookie(author.cookie, running.service.url)]);
      return () => tab.context.close();
    });

    const field = (label: string) => tab.page.getByRole('main').getByLabel(label, { exact: true });
    const schedule = () =>
      submit(tab.page, tab.page.getByRole('main').getByRole('button', { name: 'Schedule', exact: true }));

    it("takes the time in the author's zone (the browser's with JavaScript, chosen without), and sends the API its UTC instant", async () => {
      await tab.page.goto(`/studio/poem/${poemId}`);
      if (javaScriptEnabled) {
        expect(await field('Time zone').inputValue()).toBe(AUCKLAND);
      } else {
        expect(await field('Time zone').inputValue()).toBe('UTC');
        expect(await field('Time zone').locator('option:checked').textContent()).toBe(
          'UTC (Coordinated Universal Time)',
        );
        await field('Time zone').selectOption(AUCKLAND);
      }

      // Yesterday morning there: passed, said beside the field; what was typed stays, zone and all.
      const yesterday = `${wallClockIn(AUCKLAND, Date.now() - 24 * 60 * 60 * 1000).slice(0, 10)}T09:00`;
      await field('Publish at').fill(yesterday);
      expect(await schedule()).toBe(422);
      await expectRefusedForm(tab.page, {
        fields: { publish_at: 'This time has passed. Choose a time to come.' },
      });
      expect(await tab.page.title()).toBe('Error: At the Bay · Poetry');
      expect(await field('Publish at').inputValue()).toBe(yesterday);
      expect(await field('Time zone').inputValue()).toBe(AUCKLAND);
      await tab.page.screenshot({
        path: `${TEST_RESULTS}studio-poem-schedule-refused-${device}.png`,
        fullPage: true,
      });

      // A time Auckland's clocks skip (they go from 02:00 to 03:00 on the last Sunday of September).
      await field('Publish at').fill('2030-09-29T02:30');
      expect(await schedule()).toBe(400);
      await expectRefusedForm(tab.page, {
        fields: {
          publish_at:
            'This time does not happen in the time zone chosen: the clocks skip it that day. Choose another time.',
        },
      });

      const typed = `${wallClockIn(AUCKLAND, Date.now() + 2 * 24 * 60 * 60 * 1000).slice(0, 10)}T09:00`;
      await field('Publish at').fill(typed);
      expect(await schedule()).toBe(302);
      await tab.page
        .getByRole('main')
        .getByRole('status')
        .filter({ hasText: 'Saved and scheduled.' })
        .waitFor();
      const { publish_at } = (await author.client.me.poems.get({ params: { poemId } })).poem;
      expect(publish_at).not.toBeNull();
      const stored = new Date(publish_at ?? '');
      // 09:00 in Auckland, which is not 09:00 UTC.
      expect(wallClockIn(AUCKLAND, stored)).toBe(typed);
      expect(wallClockIn('UTC', stored)).not.toBe(typed);

      // Shown again in the author's zone where the browser says it; else in UTC, which the page says.
      if (javaScriptEnabled) {
        expect(await field('Time zone').inputValue()).toBe(AUCKLAND);
        expect(await field('Publish at').inputValue()).toBe(typed);
      } else {
        expect(await field('Time zone').inputValue()).toBe('UTC');
        expect(await field('Publish at').inputValue()).toBe(wallClockIn('UTC', stored));
      }
      expect(tab.errors).toEqual([]);
    });

    it('refuses a time zone it does not know, changing nothing', async () => {
      const before = (await author.client.me.poems.get({ params: { poemId } })).poem.publish_at;
      const forged = await fetch(`${running.service.url}/studio/poem/${poemId}`, {
        method: 'POST',
        headers: {
          cookie: author.cookie,
          origin: running.service.url,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          intent: 'schedule',
          title: 'At the Bay',
          body: TITLE,
          tags: '',
          publish_at: '2031-01-01T09:00',
          time_zone: 'Mars/Olympus_Mons',
        }),
      });
      expect(forged.status).toBe(400);
      expect(await forged.text()).toContain('Choose a time zone from the list.');
      expect((await author.client.me.poems.get({ params: { poemId } })).poem.publish_at).toBe(before);
    });
  });
}
