import type { Collection } from '@poetry/contract';
import type { PoetryClient } from '@poetry/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { createCollection } from '../support/collections.js';
import { collectPages } from '../support/pagination.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();
let anonymous: PoetryClient;
let owner: Awaited<ReturnType<typeof signUp>>;
let ownerClient: PoetryClient;
const published: Collection[] = [];
let hidden: Collection;
let someoneElses: Collection;

beforeAll(async () => {
  anonymous = server.client();
  ownerClient = server.client();
  owner = await signUp(ownerClient);
  for (let i = 0; i < 3; i += 1) published.push(await createCollection(ownerClient, { is_public: true }));
  hidden = await createCollection(ownerClient);
  const other = server.client();
  await signUp(other);
  someoneElses = await createCollection(other, { is_public: true });
});

const listOf = (client: PoetryClient, authorId: string) =>
  collectPages(async (query) => {
    const page = await client.author.collections.list({ params: { authorId }, query });
    return { items: page.collections, next_cursor: page.next_cursor, prev_cursor: page.prev_cursor };
  }, 2);

describe('GET /api/author/:authorId/collection', () => {
  it('lists the public collections, newest first, by id or by username, even to the owner', async () => {
    const expected = published.map((c) => c.id).reverse();
    expect((await listOf(anonymous, owner.id)).map((c) => c.id)).toEqual(expected);
    expect((await listOf(anonymous, owner.username.toUpperCase())).map((c) => c.id)).toEqual(expected);
    expect((await listOf(ownerClient, owner.id)).map((c) => c.id)).toEqual(expected);
  });

  it('answers 404 for an unknown author', async () => {
    for (const authorId of ['0190a1b2-0000-7000-8000-000000000000', 'nobody-at-all', 'list']) {
      await expect(anonymous.author.collections.list({ params: { authorId } })).rejects.toMatchObject({
        status: 404,
        code: 'not_found',
      });
    }
  });
});

describe('GET /api/author/:authorId/collection/:collectionId', () => {
  it("finds the author's collection by id or username", async () => {
    const collectionId = (published[0] as Collection).id;
    for (const authorId of [owner.id, owner.username]) {
      const { collection } = await anonymous.author.collections.get({ params: { authorId, collectionId } });
      expect(collection).toMatchObject({ id: collectionId, owner: { id: owner.id }, followed_by_me: false });
    }
  });

  it("answers 404 for another author's collection, a private one, and unknown or malformed ids", async () => {
    const cases = [
      { authorId: owner.id, collectionId: someoneElses.id },
      { authorId: owner.id, collectionId: hidden.id },
      { authorId: owner.id, collectionId: 'nope' },
      { authorId: 'nobody-at-all', collectionId: (published[0] as Collection).id },
    ];
    for (const params of cases) {
      await expect(anonymous.author.collections.get({ params })).rejects.toMatchObject({ status: 404 });
    }
  });
});
