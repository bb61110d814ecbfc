import type { Collection } from '@poetry/contract';
import type { PoetryClient } from '@poetry/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { cookieOf, createCollection } from '../support/collections.js';
import { collectPages } from '../support/pagination.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();
let owner: PoetryClient;
const fans: PoetryClient[] = [];

beforeAll(async () => {
  owner = server.client();
  await signUp(owner);
  for (let i = 0; i < 3; i += 1) {
    fans.push(server.client());
    await signUp(fans.at(-1) as PoetryClient);
  }
});

/** A collection of the owner's, followed by `followers` fans (the owner themself for a private one). */
async function collection(name: string, { followers = 0, isPublic = true, tags = [] as string[] } = {}) {
  const created = await createCollection(owner, { title: name, is_public: isPublic, tags });
  const followingClients = isPublic ? fans.slice(0, followers) : followers > 0 ? [owner] : [];
  for (const fan of followingClients)
    await fan.collection.followers.follow({ params: { collectionId: created.id } });
  return created;
}

async function readList(listId: string, limit = 100, between?: () => Promise<unknown>) {
  return collectPages(
    async (query) => {
      const page = await owner.collection.lists.get({ params: { listId }, query });
      return { items: page.collections, next_cursor: page.next_cursor, prev_cursor: page.prev_cursor };
    },
    limit,
    between,
  );
}

/** The titles of `listed` that are among `ours`, in list order. */
const titlesAmong = (listed: Collection[], ours: Collection[]) => {
  const ids = new Set(ours.map((c) => c.id));
  return listed.filter((c) => ids.has(c.id)).map((c) => c.title);
};

describe('GET /api/collection/list/:listId', () => {
  it('`featured`: public collections, most followers first, then newest', async () => {
    const ours = [
      await collection('A', { followers: 2 }),
      await collection('B'),
      await collection('C', { followers: 2 }),
      await collection('private', { isPublic: false, followers: 1 }),
      await collection('E', { followers: 1 }),
    ];
    const listed = await readList('featured', 2);
    expect(titlesAmong(listed, ours)).toEqual(['C', 'A', 'E', 'B']);
    expect(listed.every((c) => c.is_public)).toBe(true);
  });

  it('`new`: public collections, newest first', async () => {
    const ours = [
      await collection('A', { followers: 1 }),
      await collection('private', { isPublic: false }),
      await collection('B'),
      await collection('C'),
    ];
    expect(titlesAmong(await readList('new', 2), ours)).toEqual(['C', 'B', 'A']);
  });

  it('`genre:<tag>`: public collections carrying the tag, ranked like featured', async () => {
    await collection('untagged', { followers: 3 });
    await collection('private', { isPublic: false, tags: ['elegy'] });
    await collection('A', { tags: ['elegy', 'grief'] });
    await collection('B', { followers: 1, tags: ['elegy'] });
    await collection('C', { tags: ['grief'] });
    expect((await readList('genre:elegy')).map((c) => c.title)).toEqual(['B', 'A']);
    expect((await readList('genre:Elegy', 1)).map((c) => c.title)).toEqual(['B', 'A']);
  });

  it.each(['new', 'featured'])(
    '`%s` pages neither skip nor repeat while collections are created',
    async (listId) => {
      await collection('seed 1', { followers: 1 });
      await collection('seed 2', { followers: 2 });
      for (let i = 0; i < 3; i += 1) await collection(`seed ${i}`);
      const before = await readList(listId);
      const during = await readList(listId, 2, () => collection('created while paging'));

      expect(new Set(during.map((c) => c.id)).size).toBe(during.length);
      expect(during.filter((c) => before.some((b) => b.id === c.id)).map((c) => c.id)).toEqual(
        before.map((c) => c.id),
      );
    },
  );

  it('answers 404 for an unknown list, 400 for a foreign cursor, 401 without a session', async () => {
    const cookie = await cookieOf(owner, server.url);
    for (const listId of ['top', 'popular', 'genre:', 'genre:a%2Cb']) {
      await expectProblem(
        send(`${server.url}/api/collection/list/${listId}`, 'GET', { cookie }),
        404,
        'not_found',
      );
    }
    await collection('one');
    await collection('two');
    const { next_cursor } = await owner.collection.lists.get({
      params: { listId: 'new' },
      query: { limit: 1 },
    });
    await expectProblem(
      send(`${server.url}/api/collection/list/featured?cursor=${next_cursor}`, 'GET', { cookie }),
      400,
      'validation_failed',
      ['query.cursor'],
    );
    await expectProblem(send(`${server.url}/api/collection/list/new`, 'GET'), 401, 'unauthenticated');
  });
});
