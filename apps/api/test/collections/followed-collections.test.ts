import type { Collection } from '@poetry/contract';
import type { PoetryClient } from '@poetry/sdk';
import { describe, expect, it } from 'vitest';
import { createCollection } from '../support/collections.js';
import { authorWithCookie } from '../support/logged-in-authors.js';
import { collectPages } from '../support/pagination.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

const author = () => authorWithCookie(server);

const ids = (collections: { id: string }[]) => collections.map((collection) => collection.id);

const params = (collectionId: string) => ({ params: { collectionId } });

/** Every collection `client`'s author follows, read `limit` at a time to the last page. */
const followed = (client: PoetryClient, limit: number) =>
  collectPages(async (page) => {
    const { collections, ...cursors } = await client.me.following.collections.list({ query: page });
    return { items: collections, ...cursors };
  }, limit);

/** Public collections of a new author, made in the order of `titles`. */
async function publicCollections<const Title extends string>(titles: readonly Title[]) {
  const { client } = await author();
  const collections = {} as Record<Title, Collection>;
  for (const title of titles) collections[title] = await createCollection(client, { title, is_public: true });
  return { client, collections };
}

describe('GET /api/me/following/collection', () => {
  it('lists the collections I follow, my own private one too, most recent follow first', async () => {
    const { client: reader } = await author();
    const { collections } = await publicCollections(['a', 'b', 'c']);
    const { a, b, c } = collections;
    const mine = await createCollection(reader, { title: 'Mine', is_public: false });
    // Followed in another order than they were made, so the list cannot be ordered by id.
    for (const collection of [b, mine, c, a]) {
      await reader.collection.followers.follow(params(collection.id));
    }

    const listed = await followed(reader, 2);

    expect(ids(listed)).toEqual(ids([a, c, mine, b]));
    expect(listed.every((collection) => collection.followed_by_me)).toBe(true);
    expect(listed.find((collection) => collection.id === mine.id)).toMatchObject({ is_public: false });
    expect(listed.find((collection) => collection.id === b.id)).toMatchObject({
      title: 'b',
      followers_count: 1,
    });
    const iterated = [];
    for await (const collection of reader.me.following.collections.iterate({ query: { limit: 3 } })) {
      iterated.push(collection);
    }
    expect(iterated).toEqual(listed);
  });

  it('leaves out one its owner made private, until it is public again; drops unfollowed and deleted ones', async () => {
    const { client: reader } = await author();
    const { client: owner, collections } = await publicCollections([
      'madePrivate',
      'unfollowed',
      'deleted',
      'kept',
    ]);
    const { madePrivate, unfollowed, deleted, kept } = collections;
    for (const collection of [madePrivate, unfollowed, deleted, kept]) {
      await reader.collection.followers.follow(params(collection.id));
    }
    await reader.collection.followers.unfollow(params(unfollowed.id));
    await owner.me.collections.delete(params(deleted.id));
    const privately = { ...params(madePrivate.id), body: { is_public: false } };
    await owner.me.collections.update(privately);

    const listed = await followed(reader, 1);
    expect(ids(listed)).toEqual([kept.id]);
    expect(JSON.stringify(listed)).not.toContain(madePrivate.id);

    await owner.me.collections.update({ ...privately, body: { is_public: true } });
    expect(ids(await followed(reader, 1))).toEqual(ids([kept, madePrivate]));
  });

  it('is empty for an author who follows none, and 401 without a login', async () => {
    const { client } = await author();
    expect(await client.me.following.collections.list()).toEqual({
      collections: [],
      next_cursor: null,
      prev_cursor: null,
    });
    await expectProblem(send(`${server.url}/api/me/following/collection`, 'GET'), 401, 'unauthenticated');
  });
});
