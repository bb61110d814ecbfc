import type { PoetryClient } from '@poetry/sdk';
import { writePoem } from '@poetry/test-support/poems';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { addPoems, createCollection } from '../support/collections.js';
import { collectPages, type PageInput } from '../support/pagination.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

type Listed = { id: string; published_at: string | null };
type PoemPage = { poems: Listed[]; next_cursor: string | null; prev_cursor: string | null };

/** The ids of a whole list, read `limit` poems a page, to its last page. */
const walk = async (list: (page: PageInput) => Promise<PoemPage>, limit: number) =>
  (
    await collectPages(async (page) => {
      const { poems, ...cursors } = await list(page);
      return { items: poems, ...cursors };
    }, limit)
  ).map((poem) => poem.id);

/** Every list read a poem at a time, two at a time and in one page: the same order each time. */
async function expectOrder(list: (page: PageInput) => Promise<PoemPage>, expected: string[]) {
  for (const limit of [1, 2, 100]) expect(await walk(list, limit), `limit ${limit}`).toEqual(expected);
}

const publish = (client: PoetryClient, poemId: string, isPublished = true) =>
  client.me.poems.update({ params: { poemId }, body: { is_published: isPublished } });

describe('lists of published poems: newest published first', () => {
  it("orders an author's poems, a tag's and all poems by first publication, to the last page", async () => {
    const poet = server.client();
    const author = await signUp(poet);
    const tag = `order-${author.id.slice(-8)}`;
    const draftedFirst = await writePoem(poet, { title: 'Drafted first', tags: [tag], publish: false });
    const republished = await writePoem(poet, { title: 'Republished', tags: [tag] });
    const published = await writePoem(poet, { title: 'Published', tags: [tag] });
    await publish(poet, draftedFirst.id);
    // Published again, it keeps its first publication's place.
    await publish(poet, republished.id, false);
    await publish(poet, republished.id);

    const expected = [draftedFirst.id, published.id, republished.id];
    const reader = server.client();
    await expectOrder(
      (query) => reader.author.poems.list({ params: { authorId: author.id }, query }),
      expected,
    );
    await expectOrder((query) => reader.poem.search({ query: { ...query, tags: tag } }), expected);
    const everything = await walk((query) => reader.poem.search({ query }), 1);
    expect(everything.filter((id) => expected.includes(id))).toEqual(expected);
    await expectOrder((query) => reader.poem.search({ query }), everything);
  });

  it('lists my poems most recently updated first, to the last page', async () => {
    const poet = server.client();
    await signUp(poet);
    const written = [];
    for (let i = 0; i < 4; i += 1)
      written.push(await writePoem(poet, { title: `P${i}`, publish: i % 2 === 0 }));
    const [p0, p1, p2, p3] = written.map((poem) => poem.id) as [string, string, string, string];
    await poet.me.poems.update({ params: { poemId: p1 }, body: { title: 'P1, edited' } });
    await expectOrder((query) => poet.me.poems.list({ query }), [p1, p3, p2, p0]);
  });

  it("orders a collection's poems by publication for readers, by membership for its owner", async () => {
    const curator = server.client();
    await signUp(curator);
    const poet = server.client();
    await signUp(poet);
    const older = await writePoem(poet, { title: 'Older' });
    const newer = await writePoem(poet, { title: 'Newer' });
    const draft = await writePoem(curator, { title: 'Curator draft', publish: false });
    const hidden = await writePoem(poet, { title: 'Hidden' });
    const collection = await createCollection(curator, { title: 'Ordered', is_public: true });
    await addPoems(curator, collection.id, [newer, older, draft, { id: hidden.id, hidden: true }]);
    const collectionId = collection.id;

    const reader = server.client();
    await signUp(reader);
    const readers = [newer.id, older.id];
    await expectOrder((query) => reader.collection.poems.list({ params: { collectionId }, query }), readers);
    const owners = [hidden.id, draft.id, older.id, newer.id];
    await expectOrder((query) => curator.collection.poems.list({ params: { collectionId }, query }), owners);
    await expectOrder(
      (query) => curator.me.collections.poems.list({ params: { collectionId }, query }),
      owners,
    );
  });
});

describe('the feed: latest to reach the reader first', () => {
  it('counts a poem from its publication, or from when a followed collection took it, to the last page', async () => {
    const [reader, followed, unfollowed, curator] = [0, 1, 2, 3].map(() => server.client()) as [
      PoetryClient,
      PoetryClient,
      PoetryClient,
      PoetryClient,
    ];
    await signUp(reader);
    const followedAuthor = await signUp(followed);
    await signUp(unfollowed);
    await signUp(curator);
    const first = await createCollection(curator, { title: 'First', is_public: true });
    const second = await createCollection(curator, { title: 'Second', is_public: true });
    await reader.author.followers.follow({ params: { authorId: followedAuthor.id } });
    for (const collection of [first, second]) {
      await reader.collection.followers.follow({ params: { collectionId: collection.id } });
    }

    const old = await writePoem(unfollowed, { title: 'Old, collected late' });
    const own1 = await writePoem(followed, { title: 'Own 1' });
    // A draft in a followed public collection reaches no one until it is published.
    const draft = await writePoem(curator, { title: 'Curated draft', publish: false });
    await addPoems(curator, first.id, [draft]);
    const own2 = await writePoem(followed, { title: 'Own 2' });
    // A poem of a followed author counts from its publication, however late it is collected.
    await addPoems(curator, first.id, [own2]);
    await addPoems(curator, first.id, [old]);
    const own3 = await writePoem(followed, { title: 'Own 3' });
    // In two followed collections, a poem counts from the first to take it.
    const twice = await writePoem(unfollowed, { title: 'Twice' });
    await addPoems(curator, second.id, [twice]);
    const hidden = await writePoem(unfollowed, { title: 'Hidden' });
    await addPoems(curator, first.id, [twice, { id: hidden.id, hidden: true }]);

    const feed = (query: PageInput) => reader.me.feed({ query });
    await expectOrder(feed, [twice.id, own3.id, old.id, own2.id, own1.id]);
    await publish(curator, draft.id);
    await expectOrder(feed, [draft.id, twice.id, own3.id, old.id, own2.id, own1.id]);
  });
});
