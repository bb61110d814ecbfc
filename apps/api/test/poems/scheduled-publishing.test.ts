import { inMs, SOON_MS, whenPublished, writePoem } from '@poetry/test-support/poems';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { collectPages, type PageInput } from '../support/pagination.js';
import { useTestServer } from '../support/server.js';

// Scheduled poems are looked for every 50 ms (the test servers' PUBLISH_POLL_INTERVAL_MS).
const server = useTestServer();

const ids = (poems: { id: string }[]) => poems.map((poem) => poem.id);

describe('scheduled publishing (publish_at)', () => {
  it('keeps a scheduled poem out of every public view until its time', async () => {
    const poet = server.client();
    const author = await signUp(poet);
    const reader = server.client();
    await signUp(reader);
    await reader.author.followers.follow({ params: { authorId: author.id } });
    const draft = await writePoem(poet, { title: 'Tomorrow', tags: ['tomorrow-only'], publish: false });
    const publishAt = inMs(24 * 3600 * 1000);

    const { poem } = await poet.me.poems.update({
      params: { poemId: draft.id },
      body: { publish_at: publishAt },
    });
    expect(poem).toMatchObject({ is_published: false, published_at: null, publish_at: publishAt });
    expect((await poet.me.poems.list()).poems[0]).toMatchObject({ id: draft.id, publish_at: publishAt });
    await expect(reader.poem.get({ params: { poemId: draft.id } })).rejects.toMatchObject({ status: 404 });
    expect((await reader.author.poems.list({ params: { authorId: author.id } })).poems).toEqual([]);
    expect((await reader.poem.search({ query: { tags: 'tomorrow-only' } })).poems).toEqual([]);
    expect((await reader.me.feed()).poems).toEqual([]);
    expect((await reader.author.get({ params: { authorId: author.id } })).author.poems_count).toBe(0);
  });

  it('publishes it at its time as if published then: published_at, counts, lists and feeds', async () => {
    const poet = server.client();
    const author = await signUp(poet);
    const reader = server.client();
    await signUp(reader);
    await reader.author.followers.follow({ params: { authorId: author.id } });
    const before = await writePoem(poet, { title: 'Before' });
    const scheduled = await writePoem(poet, { title: 'Scheduled', publish: false });
    const publishAt = inMs(SOON_MS);
    await poet.me.poems.update({ params: { poemId: scheduled.id }, body: { publish_at: publishAt } });
    // Published after the schedule was set, before its time: the scheduled poem comes first.
    const meanwhile = await writePoem(poet, { title: 'Meanwhile' });

    const published = await whenPublished(poet, scheduled.id);
    expect(published).toMatchObject({ published_at: publishAt, publish_at: null });
    expect(Date.parse(published.updated_at)).toBeGreaterThanOrEqual(Date.parse(publishAt));
    const order = ids([published, meanwhile, before]);
    expect(ids((await reader.author.poems.list({ params: { authorId: author.id } })).poems)).toEqual(order);
    expect(ids((await reader.me.feed()).poems)).toEqual(order);
    expect((await reader.poem.get({ params: { poemId: scheduled.id } })).poem.published_at).toBe(publishAt);
    expect((await reader.author.get({ params: { authorId: author.id } })).author.poems_count).toBe(3);
  });

  // Every poem due at one publish_at gets the same published_at: the lists order them by id
  // (`published_at DESC, id DESC`), and a page break between them repeats or skips none.
  it('pages through poems published at one instant in id order, none repeated or skipped', async () => {
    const poet = server.client();
    const author = await signUp(poet);
    const reader = server.client();
    await signUp(reader);
    await reader.author.followers.follow({ params: { authorId: author.id } });
    const tag = `instant-${author.id.slice(-12)}`;
    const drafts = [];
    for (let i = 0; i < 5; i += 1) drafts.push(await writePoem(poet, { tags: [tag], publish: false }));
    const publishAt = inMs(SOON_MS);
    for (const { id } of drafts) {
      await poet.me.poems.update({ params: { poemId: id }, body: { publish_at: publishAt } });
    }
    for (const { id } of drafts) expect((await whenPublished(poet, id)).published_at).toBe(publishAt);

    const expected = ids(drafts).sort().reverse();
    const pages = {
      'the author’s poems': (query: PageInput) =>
        reader.author.poems.list({ params: { authorId: author.id }, query }),
      'the feed': (query: PageInput) => reader.me.feed({ query }),
      'a tag': (query: PageInput) => reader.poem.search({ query: { ...query, tags: tag } }),
    };
    for (const [list, page] of Object.entries(pages)) {
      const poems = await collectPages(async (query) => {
        const { poems, ...cursors } = await page(query);
        return { items: poems, ...cursors };
      }, 2);
      expect(ids(poems), list).toEqual(expected);
    }
  });

  it('is cancelled by publish_at null, and replaced by publishing at once', async () => {
    const poet = server.client();
    await signUp(poet);
    const cancelled = await writePoem(poet, { title: 'Cancelled', publish: false });
    const publishedNow = await writePoem(poet, { title: 'Now', publish: false });
    const later = await writePoem(poet, { title: 'Later', publish: false });
    const soon = inMs(SOON_MS);
    for (const poem of [cancelled, publishedNow]) {
      await poet.me.poems.update({ params: { poemId: poem.id }, body: { publish_at: soon } });
    }
    await poet.me.poems.update({ params: { poemId: later.id }, body: { publish_at: inMs(SOON_MS + 500) } });

    const { poem: kept } = await poet.me.poems.update({
      params: { poemId: cancelled.id },
      body: { publish_at: null },
    });
    expect(kept).toMatchObject({ is_published: false, publish_at: null });
    const { poem: now } = await poet.me.poems.update({
      params: { poemId: publishedNow.id },
      body: { is_published: true },
    });
    expect(now.publish_at).toBeNull();
    expect(Date.parse(now.published_at ?? '')).toBeLessThan(Date.parse(soon));

    // A run that published the later poem found the cancelled one due too, had it been scheduled.
    await whenPublished(poet, later.id);
    expect((await poet.me.poems.get({ params: { poemId: cancelled.id } })).poem).toMatchObject({
      is_published: false,
      published_at: null,
      publish_at: null,
    });
    expect((await poet.me.poems.get({ params: { poemId: publishedNow.id } })).poem.published_at).toBe(
      now.published_at,
    );
  });

  it('refuses a time not in the future, an empty poem or a published one with 422, changing nothing', async () => {
    const poet = server.client();
    await signUp(poet);
    const draft = await writePoem(poet, { publish: false });
    const empty = (await poet.me.poems.create({ body: {} })).poem;
    const published = await writePoem(poet);
    const refused = (poemId: string, body: Parameters<typeof poet.me.poems.update>[0]['body']) =>
      expect(poet.me.poems.update({ params: { poemId }, body })).rejects;

    await refused(draft.id, { publish_at: inMs(-60_000) }).toMatchObject({
      status: 422,
      errors: [{ path: 'publish_at', code: 'not_in_future' }],
    });
    await refused(draft.id, { publish_at: inMs(60_000), title: ' ' }).toMatchObject({
      status: 422,
      errors: [{ path: 'title', code: 'required' }],
    });
    await refused(empty.id, { publish_at: inMs(60_000) }).toMatchObject({
      status: 422,
      errors: [
        { path: 'title', code: 'required' },
        { path: 'body', code: 'required' },
      ],
    });
    await refused(published.id, { publish_at: inMs(60_000) }).toMatchObject({
      status: 422,
      errors: [{ path: 'publish_at', code: 'already_published' }],
    });
    await refused(draft.id, { publish_at: inMs(60_000), is_published: true }).toMatchObject({
      status: 422,
      errors: [{ path: 'publish_at', code: 'already_published' }],
    });
    for (const notATime of ['tomorrow', '2030-02-30T00:00:00Z']) {
      await refused(draft.id, { publish_at: notATime }).toMatchObject({
        status: 400,
        errors: [{ path: 'publish_at', code: 'invalid' }],
      });
    }
    expect((await poet.me.poems.get({ params: { poemId: draft.id } })).poem).toMatchObject({
      title: draft.title,
      publish_at: null,
    });
    expect((await poet.me.poems.get({ params: { poemId: published.id } })).poem.publish_at).toBeNull();

    // Once scheduled, emptying the poem is refused as for a published one.
    await poet.me.poems.update({ params: { poemId: draft.id }, body: { publish_at: inMs(60_000) } });
    await refused(draft.id, { body: '' }).toMatchObject({ status: 422, errors: [{ path: 'body' }] });
  });

  it('schedules a published poem again with is_published false, keeping its first published_at', async () => {
    const poet = server.client();
    const author = await signUp(poet);
    const first = await writePoem(poet, { title: 'First' });
    const second = await writePoem(poet, { title: 'Second' });
    const { poem } = await poet.me.poems.update({
      params: { poemId: first.id },
      body: { is_published: false, publish_at: inMs(SOON_MS) },
    });
    expect(poem).toMatchObject({ is_published: false, published_at: first.published_at });
    expect(ids((await server.client().author.poems.list({ params: { authorId: author.id } })).poems)).toEqual(
      [second.id],
    );

    expect((await whenPublished(poet, first.id)).published_at).toBe(first.published_at);
    expect(ids((await server.client().author.poems.list({ params: { authorId: author.id } })).poems)).toEqual(
      [second.id, first.id],
    );
  });
});
