import { describe, expect, it } from 'vitest';
import { type LoggedInAuthor, loggedInAuthor } from '../support/logged-in-authors.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

const followerPath = (authorId: string) => `${server.url}/api/author/${authorId}/follower`;

/** Counters as the API shows them to anyone. */
async function counters(author: LoggedInAuthor) {
  const { author: view } = await server.client().author.get({ params: { authorId: author.id } });
  return { followers: view.followers_count, following: view.following_count };
}

async function followRows(followerId: string, followeeId: string): Promise<number> {
  const { rows } = await server.pool.query(
    'SELECT count(*)::int AS n FROM author_follow WHERE follower_id = $1 AND followee_id = $2',
    [followerId, followeeId],
  );
  return rows[0].n;
}

const pair = async () => [await loggedInAuthor(server), await loggedInAuthor(server)] as const;

describe('PUT /api/author/:authorId/follower', () => {
  it('follows the author and answers them with fresh counters and followed_by_me', async () => {
    const [me, them] = await pair();
    const { author } = await me.client.author.followers.follow({ params: { authorId: them.id } });
    expect(author).toMatchObject({
      id: them.id,
      followers_count: 1,
      following_count: 0,
      followed_by_me: true,
    });
    expect(await counters(them)).toEqual({ followers: 1, following: 0 });
    expect(await counters(me)).toEqual({ followers: 0, following: 1 });
    expect((await me.client.me.get()).author.following_count).toBe(1);
  });

  it('accepts the username, in any case', async () => {
    const [me, them] = await pair();
    const { author } = await me.client.author.followers.follow({
      params: { authorId: them.username.toUpperCase() },
    });
    expect(author).toMatchObject({ id: them.id, followed_by_me: true });
    expect(await followRows(me.id, them.id)).toBe(1);
  });

  it('is idempotent: following twice still follows once', async () => {
    const [me, them] = await pair();
    await me.client.author.followers.follow({ params: { authorId: them.id } });
    const { author } = await me.client.author.followers.follow({ params: { authorId: them.id } });
    expect(author).toMatchObject({ followers_count: 1, followed_by_me: true });
    expect(await followRows(me.id, them.id)).toBe(1);
    expect(await counters(me)).toEqual({ followers: 0, following: 1 });
  });

  it('makes exactly one follow of 50 racing requests, with no server error', async () => {
    const [me, them] = await pair();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => me.client.author.followers.follow({ params: { authorId: them.id } })),
    );
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(await followRows(me.id, them.id)).toBe(1);
    expect(await counters(them)).toEqual({ followers: 1, following: 0 });
    expect(await counters(me)).toEqual({ followers: 0, following: 1 });
  });

  it('keeps the counters exact when two authors follow each other at the same moment', async () => {
    const [a, b] = await pair();
    await Promise.all([
      a.client.author.followers.follow({ params: { authorId: b.id } }),
      b.client.author.followers.follow({ params: { authorId: a.id } }),
    ]);
    expect(await counters(a)).toEqual({ followers: 1, following: 1 });
    expect(await counters(b)).toEqual({ followers: 1, following: 1 });
  });

  it('refuses to follow yourself with 422, by id or by username', async () => {
    const me = await loggedInAuthor(server);
    for (const authorId of [me.id, me.username]) {
      await expect(me.client.author.followers.follow({ params: { authorId } })).rejects.toMatchObject({
        status: 422,
        code: 'unprocessable',
      });
    }
    expect(await counters(me)).toEqual({ followers: 0, following: 0 });
  });

  it('answers 404 for an unknown or malformed author', async () => {
    const me = await loggedInAuthor(server);
    for (const authorId of ['0190a4c4-0000-7000-8000-000000000000', 'not-a-uuid!', 'nobody-here']) {
      await expect(me.client.author.followers.follow({ params: { authorId } })).rejects.toMatchObject({
        status: 404,
        code: 'not_found',
      });
    }
    expect(await counters(me)).toEqual({ followers: 0, following: 0 });
  });

  it('answers 401 without a session, and follows nobody', async () => {
    const them = await loggedInAuthor(server);
    await expectProblem(send(followerPath(them.id), 'PUT'), 401, 'unauthenticated');
    expect(await counters(them)).toEqual({ followers: 0, following: 0 });
  });
});

describe('DELETE /api/author/:authorId/follower', () => {
  it('unfollows and answers the author with fresh counters; a second unfollow answers 200 too', async () => {
    const [me, them] = await pair();
    await me.client.author.followers.follow({ params: { authorId: them.id } });
    for (let i = 0; i < 2; i += 1) {
      const { author } = await me.client.author.followers.unfollow({ params: { authorId: them.username } });
      expect(author).toMatchObject({ id: them.id, followers_count: 0, followed_by_me: false });
    }
    expect(await followRows(me.id, them.id)).toBe(0);
    expect(await counters(me)).toEqual({ followers: 0, following: 0 });
  });

  it('leaves the follows of others alone', async () => {
    const [me, them] = await pair();
    const other = await loggedInAuthor(server);
    await other.client.author.followers.follow({ params: { authorId: them.id } });
    const { author } = await me.client.author.followers.unfollow({ params: { authorId: them.id } });
    expect(author).toMatchObject({ followers_count: 1, followed_by_me: false });
  });

  it('answers 404 for an unknown author and 401 without a session', async () => {
    const [me, them] = await pair();
    await expect(
      me.client.author.followers.unfollow({ params: { authorId: 'nobody-here' } }),
    ).rejects.toMatchObject({ status: 404 });
    await expectProblem(send(followerPath(them.id), 'DELETE'), 401, 'unauthenticated');
  });
});

describe('deleting an author', () => {
  it('removes their follows both ways and fixes the counters of the others', async () => {
    const [leaver, followed] = await pair();
    const fan = await loggedInAuthor(server);
    await leaver.client.author.followers.follow({ params: { authorId: followed.id } });
    await fan.client.author.followers.follow({ params: { authorId: leaver.id } });
    await fan.client.author.followers.follow({ params: { authorId: followed.id } });

    await leaver.client.me.delete();

    expect(await counters(followed)).toEqual({ followers: 1, following: 0 });
    expect(await counters(fan)).toEqual({ followers: 0, following: 1 });
    const { authors } = await server.client().author.followers.list({ params: { authorId: followed.id } });
    expect(authors.map((author) => author.id)).toEqual([fan.id]);
    await expect(server.client().author.get({ params: { authorId: leaver.id } })).rejects.toMatchObject({
      status: 404,
    });
  });
});
