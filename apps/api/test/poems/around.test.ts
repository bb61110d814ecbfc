import { MORE_BY_AUTHOR_MAX, type PoemLink } from '@poetry/contract';
import type { PoetryClient } from '@poetry/sdk';
import { writePoem } from '@poetry/test-support/poems';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { addPoems, createCollection, outcome } from '../support/collections.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

const link = ({ id, title }: { id: string; title: string }): PoemLink => ({ id, title });

/** What `GET /api/poem/{poemId}/around` answers an anonymous reader. */
const around = (poemId: string, collectionId?: string) =>
  server.client().poem.around({ params: { poemId }, query: { collection_id: collectionId } });

describe('GET /api/poem/:poemId/around: the poem', () => {
  it('is the poem as GET /api/poem/:poemId answers it, to a reader who likes it too', async () => {
    const poet = server.client();
    await signUp(poet);
    const poem = await writePoem(poet, { title: 'Itself' });
    const params = { poemId: poem.id };
    expect((await around(poem.id)).poem).toEqual((await server.client().poem.get({ params })).poem);
    const reader = server.client();
    await signUp(reader);
    await reader.poem.likes.like({ params });
    const liked = (await reader.poem.around({ params })).poem;
    expect(liked).toEqual((await reader.poem.get({ params })).poem);
    expect(liked).toMatchObject({ liked_by_me: true, like_count: 1 });
  });
});

describe('GET /api/poem/:poemId/around: more by the author', () => {
  it(`lists up to ${MORE_BY_AUTHOR_MAX} other published poems of the author, newest published first`, async () => {
    const poet = server.client();
    await signUp(poet);
    const read = await writePoem(poet, { title: 'Read now' });
    const others = [];
    for (let i = 0; i < MORE_BY_AUTHOR_MAX + 1; i += 1)
      others.push(await writePoem(poet, { title: `Other ${i}` }));
    await writePoem(poet, { title: 'Draft', publish: false });
    const stranger = server.client();
    await signUp(stranger);
    await writePoem(stranger, { title: "Someone else's" });

    const { more_by_author, collection } = await around(read.id);
    expect(more_by_author).toEqual(others.reverse().slice(0, MORE_BY_AUTHOR_MAX).map(link));
    expect(collection).toBeNull();
  });

  it("is empty for an author's only poem, and 404 for a draft, an unknown poem or no id at all", async () => {
    const poet = server.client();
    await signUp(poet);
    const only = await writePoem(poet, { title: 'Only' });
    expect((await around(only.id)).more_by_author).toEqual([]);
    const draft = await writePoem(poet, { title: 'Draft', publish: false });
    for (const poemId of [draft.id, '01a20c59-c996-75f7-98e1-f81449ba19f9', 'not-an-id']) {
      await expectProblem(send(`${server.url}/api/poem/${poemId}/around`, 'GET'), 404, 'not_found');
    }
  });
});

describe('GET /api/poem/:poemId/around?collection_id=: its neighbours in a collection', () => {
  let curator: PoetryClient;
  const poems: Record<'oldest' | 'middle' | 'hidden' | 'newest' | 'outside', { id: string; title: string }> =
    {} as never;
  let collectionId: string;

  beforeAll(async () => {
    curator = server.client();
    await signUp(curator);
    const poet = server.client();
    await signUp(poet);
    poems.oldest = await writePoem(poet, { title: 'Oldest' });
    poems.middle = await writePoem(curator, { title: 'Middle' });
    poems.hidden = await writePoem(poet, { title: 'Hidden' });
    poems.newest = await writePoem(poet, { title: 'Newest' });
    poems.outside = await writePoem(poet, { title: 'Outside' });
    const collection = await createCollection(curator, { title: 'Neighbours', is_public: true });
    collectionId = collection.id;
    // Added in another order than published: the public view orders by publication.
    await addPoems(curator, collectionId, [
      poems.newest,
      poems.oldest,
      { id: poems.hidden.id, hidden: true },
      poems.middle,
    ]);
  });

  it('names the collection and the poems listed before and after the poem, as its public view lists them', async () => {
    const { collection } = await around(poems.middle.id, collectionId);
    expect(collection).toMatchObject({
      id: collectionId,
      title: 'Neighbours',
      owner: { username: expect.any(String) },
      previous: link(poems.newest),
      next: link(poems.oldest),
    });
    expect((await around(poems.newest.id, collectionId)).collection).toMatchObject({
      previous: null,
      next: link(poems.middle),
    });
    expect((await around(poems.oldest.id, collectionId)).collection).toMatchObject({
      previous: link(poems.middle),
      next: null,
    });
  });

  it('is null for a collection that does not show the poem, a private or unknown one, or no id', async () => {
    const { collection: privateOne } = await curator.me.collections.create({
      body: { title: 'Private', is_public: false },
    });
    await addPoems(curator, privateOne.id, [poems.middle]);
    for (const [poemId, other] of [
      [poems.hidden.id, collectionId],
      [poems.outside.id, collectionId],
      [poems.middle.id, privateOne.id],
      [poems.middle.id, '01a20c59-c996-75f7-98e1-f81449ba19f9'],
      [poems.middle.id, 'not-a-collection'],
      [poems.middle.id, `${collectionId}'--`],
      [poems.middle.id, ''],
    ] as const) {
      const answer = await outcome(around(poemId, other));
      expect(answer, `${poemId} in ${other}`).toMatchObject({ status: 200, body: { collection: null } });
    }
    // Even its owner reads it so: the page around a poem is the reader's.
    const asOwner = await curator.poem.around({
      params: { poemId: poems.middle.id },
      query: { collection_id: privateOne.id },
    });
    expect(asOwner.collection).toBeNull();
  });
});
