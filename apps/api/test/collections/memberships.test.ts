import type { Poem } from '@poetry/contract';
import type { PoetryClient } from '@poetry/sdk';
import { writePoem } from '@poetry/test-support/poems';
import { beforeAll, describe, expect, it } from 'vitest';
import { addPoems, cookieOf, createCollection } from '../support/collections.js';
import { authorWithCookie } from '../support/logged-in-authors.js';
import { collectPages } from '../support/pagination.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

const author = () => authorWithCookie(server);

const ids = (poems: Poem[]) => poems.map((poem) => poem.id);

async function myPoems(client: PoetryClient, collectionId: string) {
  return (await client.me.collections.poems.list({ params: { collectionId } })).poems;
}

const add = (client: PoetryClient, collectionId: string, poemId: string, is_hidden?: boolean) =>
  client.me.collections.poems.add({
    params: { collectionId, poemId },
    body: is_hidden === undefined ? {} : { is_hidden },
  });

describe('PUT /api/me/collection/:collectionId/poem/:poemId', () => {
  it("adds the owner's poems in any state and other authors' published poems", async () => {
    const { client } = await author();
    const { client: other } = await author();
    const draft = await writePoem(client, { publish: false });
    const published = await writePoem(client);
    const theirs = await writePoem(other);
    const { id } = await createCollection(client, { is_public: true });

    expect((await add(client, id, draft.id)).collection.poems_count).toBe(1);
    expect((await add(client, id, published.id)).collection.poems_count).toBe(2);
    const { collection } = await add(client, id, theirs.id);
    expect(collection).toMatchObject({ id, poems_count: 3 });
    expect(ids(await myPoems(client, id))).toEqual([theirs.id, published.id, draft.id]);
  });

  it("refuses another author's unpublished poem, and unknown or malformed ids, with 404", async () => {
    const { client } = await author();
    const { client: other } = await author();
    const theirDraft = await writePoem(other, { publish: false });
    const { id } = await createCollection(client);
    const mine = await writePoem(client);

    for (const poemId of [theirDraft.id, '0190a1b2-0000-7000-8000-000000000000', 'nope']) {
      await expect(add(client, id, poemId)).rejects.toMatchObject({ status: 404, code: 'not_found' });
    }
    await expect(add(other, id, mine.id)).rejects.toMatchObject({ status: 404, code: 'not_found' });
    await expect(add(client, 'nope', mine.id)).rejects.toMatchObject({ status: 404, code: 'not_found' });
    expect(await myPoems(client, id)).toEqual([]);
  });

  it('is idempotent: adding again keeps one membership, in its place, and sets is_hidden', async () => {
    const { client } = await author();
    const first = await writePoem(client);
    const second = await writePoem(client);
    const { id } = await createCollection(client, { is_public: true });
    await addPoems(client, id, [first, second]);

    expect((await add(client, id, first.id, true)).collection.poems_count).toBe(2);
    let listed = await myPoems(client, id);
    expect(listed.map((poem) => [poem.id, poem.is_hidden])).toEqual([
      [second.id, false],
      [first.id, true],
    ]);

    expect((await add(client, id, first.id)).collection.poems_count).toBe(2);
    listed = await myPoems(client, id);
    expect(listed.map((poem) => [poem.id, poem.is_hidden])).toEqual([
      [second.id, false],
      [first.id, false],
    ]);
  });
});

describe('DELETE /api/me/collection(s)/:collectionId/poem/:poemId', () => {
  it.each(['collection', 'collections'])(
    'removes the poem through /api/me/%s/..., idempotently',
    async (segment) => {
      const { client } = await author();
      const kept = await writePoem(client);
      const removed = await writePoem(client);
      const { id } = await createCollection(client);
      await addPoems(client, id, [kept, removed]);
      const cookie = await cookieOf(client, server.url);
      const url = `${server.url}/api/me/${segment}/${id}/poem/${removed.id}`;

      for (let attempt = 0; attempt < 2; attempt += 1) {
        const response = await send(url, 'DELETE', { cookie });
        expect(response.status).toBe(200);
        expect(
          ((await response.json()) as { collection: { poems_count: number } }).collection.poems_count,
        ).toBe(1);
      }
      expect(ids(await myPoems(client, id))).toEqual([kept.id]);
    },
  );

  it("answers 404 for someone else's collection and a malformed poem id", async () => {
    const { client } = await author();
    const { client: other } = await author();
    const poem = await writePoem(client);
    const { id } = await createCollection(client);
    await addPoems(client, id, [poem]);

    const params = { collectionId: id, poemId: poem.id };
    await expect(other.me.collections.poems.remove({ params })).rejects.toMatchObject({ status: 404 });
    await expect(other.me.collections.poems.removeAlias({ params })).rejects.toMatchObject({ status: 404 });
    await expect(
      client.me.collections.poems.remove({ params: { collectionId: id, poemId: 'nope' } }),
    ).rejects.toMatchObject({ status: 404 });
    expect(ids(await myPoems(client, id))).toEqual([poem.id]);
  });
});

describe('GET /api/me/collection/:collectionId/poem', () => {
  it('pages newest membership first, neither skipping nor repeating while poems are added', async () => {
    const { client } = await author();
    const { id } = await createCollection(client);
    const added: Poem[] = [];
    for (let i = 0; i < 5; i += 1) added.push(await writePoem(client, { title: `Poem ${i}` }));
    await addPoems(client, id, added);

    const listed = await collectPages(
      async (query) => {
        const page = await client.me.collections.poems.list({ params: { collectionId: id }, query });
        return { items: page.poems, next_cursor: page.next_cursor, prev_cursor: page.prev_cursor };
      },
      2,
      async () => addPoems(client, id, [await writePoem(client, { title: 'Late' })]),
    );
    expect(ids(listed)).toEqual(ids(added).reverse());
  });

  it("refuses another list's cursor with 400", async () => {
    const { client } = await author();
    const { id } = await createCollection(client);
    await createCollection(client);
    const { next_cursor } = await client.me.collections.list({ query: { limit: 1 } });
    expect(next_cursor).toBeTruthy();
    await expectProblem(
      send(`${server.url}/api/me/collection/${id}/poem?cursor=${next_cursor}`, 'GET', {
        cookie: await cookieOf(client, server.url),
      }),
      400,
      'validation_failed',
      ['query.cursor'],
    );
  });
});

describe('GET /api/collection/:collectionId/poem filters', () => {
  let client: PoetryClient;
  let collectionId: string;
  let otherUsername: string;
  const poems = {} as Record<'mineLove' | 'mineLoveSea' | 'theirsLoveSea' | 'theirsSea', Poem>;

  beforeAll(async () => {
    ({ client } = await author());
    const other = await author();
    otherUsername = other.me.username;
    poems.mineLove = await writePoem(client, { tags: ['love'] });
    poems.mineLoveSea = await writePoem(client, { tags: ['love', 'sea'] });
    poems.theirsLoveSea = await writePoem(other.client, { tags: ['sea', 'love', 'night'] });
    poems.theirsSea = await writePoem(other.client, { tags: ['sea'] });
    ({ id: collectionId } = await createCollection(client, { is_public: true }));
    await addPoems(client, collectionId, Object.values(poems));
  });

  const listed = async (query: { author_id?: string; tags?: string }) =>
    ids((await client.collection.poems.list({ params: { collectionId }, query })).poems);

  it('keeps one author by id or username; an unknown author matches nothing', async () => {
    const theirs = [poems.theirsSea.id, poems.theirsLoveSea.id];
    expect(await listed({ author_id: poems.theirsSea.author.id })).toEqual(theirs);
    expect(await listed({ author_id: otherUsername.toUpperCase() })).toEqual(theirs);
    expect(await listed({ author_id: '0190a1b2-0000-7000-8000-000000000000' })).toEqual([]);
    expect(await listed({ author_id: 'nobody-here' })).toEqual([]);
  });

  it('keeps poems carrying all the tags, alone or with the author filter', async () => {
    expect(await listed({ tags: 'love,SEA' })).toEqual([poems.theirsLoveSea.id, poems.mineLoveSea.id]);
    expect(await listed({ tags: 'sea' })).toEqual([
      poems.theirsSea.id,
      poems.theirsLoveSea.id,
      poems.mineLoveSea.id,
    ]);
    expect(await listed({ tags: 'love', author_id: poems.mineLove.author.id })).toEqual([
      poems.mineLoveSea.id,
      poems.mineLove.id,
    ]);
    expect(await listed({ tags: '' })).toHaveLength(4);
  });
});

describe('deleting a poem', () => {
  it('takes it out of every collection', async () => {
    const { client } = await author();
    const { client: collector } = await author();
    const poem = await writePoem(client);
    const kept = await writePoem(client);
    const { id } = await createCollection(collector, { is_public: true });
    await addPoems(collector, id, [poem, kept]);

    await client.me.poems.delete({ params: { poemId: poem.id } });
    const { collection } = await client.collection.get({ params: { collectionId: id } });
    expect(collection.poems_count).toBe(1);
    expect(ids(await myPoems(collector, id))).toEqual([kept.id]);
  });
});
