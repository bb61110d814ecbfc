import type { PoetryClient } from '@poetry/sdk';
import { describe, expect, it } from 'vitest';
import { cookieOf, createCollection } from '../support/collections.js';
import { authorWithCookie } from '../support/logged-in-authors.js';
import { collectPages } from '../support/pagination.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

const author = () => authorWithCookie(server);

const follows = async (collectionId: string) =>
  (
    await server.pool.query('SELECT count(*)::int AS n FROM collection_follow WHERE collection_id = $1', [
      collectionId,
    ])
  ).rows[0].n;

const params = (collectionId: string) => ({ params: { collectionId } });

describe('PUT and DELETE /api/collection/:collectionId/follower', () => {
  it('follows once however often asked, and unfollows idempotently', async () => {
    const { client: owner } = await author();
    const { client } = await author();
    const { id } = await createCollection(owner, { is_public: true });

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const { collection } = await client.collection.followers.follow(params(id));
      expect(collection).toMatchObject({ followers_count: 1, followed_by_me: true });
    }
    expect((await owner.collection.get(params(id))).collection).toMatchObject({
      followers_count: 1,
      followed_by_me: false,
    });

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const { collection } = await client.collection.followers.unfollow(params(id));
      expect(collection).toMatchObject({ followers_count: 0, followed_by_me: false });
    }
    expect(await follows(id)).toBe(0);
  });

  it('counts 50 racing follows of one author as one, without a server error', async () => {
    const { client: owner } = await author();
    const { client } = await author();
    const { id } = await createCollection(owner, { is_public: true });
    const cookie = await cookieOf(client, server.url);

    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        send(`${server.url}/api/collection/${id}/follower`, 'PUT', { cookie }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    expect((await client.collection.get(params(id))).collection.followers_count).toBe(1);
    expect(await follows(id)).toBe(1);
  });

  it("answers 404 for another author's private collection and changes nothing", async () => {
    const { client: owner } = await author();
    const { client } = await author();
    const { id } = await createCollection(owner, { is_public: true });
    await client.collection.followers.follow(params(id));
    await owner.me.collections.update({ params: { collectionId: id }, body: { is_public: false } });

    await expect(client.collection.followers.follow(params(id))).rejects.toMatchObject({ status: 404 });
    await expect(client.collection.followers.unfollow(params(id))).rejects.toMatchObject({ status: 404 });
    await expect(client.collection.followers.follow(params('nope'))).rejects.toMatchObject({ status: 404 });
    expect(await follows(id)).toBe(1);

    const { collection } = await owner.collection.followers.follow(params(id));
    expect(collection).toMatchObject({ followers_count: 2, followed_by_me: true });
  });

  it('answers 401 without a session', async () => {
    const { client: owner } = await author();
    const { id } = await createCollection(owner, { is_public: true });
    await expectProblem(send(`${server.url}/api/collection/${id}/follower`, 'PUT'), 401, 'unauthenticated');
    expect(await follows(id)).toBe(0);
  });
});

describe('GET /api/collection/:collectionId/follower', () => {
  it('lists the followers, most recent follow first, page by page', async () => {
    const { client: owner } = await author();
    const { id } = await createCollection(owner, { is_public: true });
    const followers: { client: PoetryClient; id: string }[] = [];
    for (let i = 0; i < 5; i += 1) {
      const { client, me } = await author();
      await client.collection.followers.follow(params(id));
      followers.push({ client, id: me.id });
    }

    const listed = await collectPages(
      async (query) => {
        const page = await owner.collection.followers.list({ params: { collectionId: id }, query });
        return { items: page.authors, next_cursor: page.next_cursor, prev_cursor: page.prev_cursor };
      },
      2,
      async () => (await author()).client.collection.followers.follow(params(id)),
    );
    expect(listed.map((follower) => follower.id)).toEqual(followers.map((follower) => follower.id).reverse());
    expect(listed.every((follower) => follower.followed_by_me === false)).toBe(true);
  });
});
