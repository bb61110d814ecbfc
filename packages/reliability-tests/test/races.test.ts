/**
 * Races. Requests that contend for the same row, sent all at once to the production build:
 * 50 signups with one email make one account (one 201, the rest 409); storms of likes and unlikes,
 * follows and unfollows (mutual follows included) leave every counter equal to the rows it counts;
 * one password-reset token used by 20 requests at once succeeds exactly once.
 */

import type { RouteName } from '@poetry/contract';
import { type ApiServer, startApiServer } from '@poetry/contract-tests/api-server';
import { call, type Request, succeed } from '@poetry/contract-tests/http';
import { mailedToken } from '@poetry/contract-tests/mailbox';
import { type Actor, newEmail, PASSWORD, signUp, writePoem } from '@poetry/contract-tests/world';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let api: ApiServer;
let db: pg.Client;

beforeAll(async () => {
  api = await startApiServer();
  db = new pg.Client({ connectionString: api.info.databaseUrl as string });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await api?.stop();
});

const on = (request: Request = {}): Request => ({ ...request, baseUrl: api.info.baseUrl });

/** The answers to `requests`, all sent at once (each checked against the contract by `call`). */
const answersAtOnce = (requests: [RouteName, Request][]) =>
  Promise.all(requests.map(([name, request]) => call(name, on(request))));

/** The statuses of `answers`, counted: `{ 201: 1, 409: 49 }`. */
function countStatuses(answers: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

const statusesAtOnce = async (requests: [RouteName, Request][]) =>
  countStatuses(await answersAtOnce(requests));

const times = <T>(count: number, make: (i: number) => T): T[] =>
  Array.from({ length: count }, (_, i) => make(i));

describe('races', () => {
  it('50 signups with one email at once: one 201, the rest 409, one account', async () => {
    const email = newEmail('twin');
    const body = { email, password: PASSWORD, firstname: 'Twin', lastname: 'Signup' };
    const statuses = await statusesAtOnce(times(50, () => ['auth.signup', { body }]));
    console.log(`races: 50 signups with one email answered ${JSON.stringify(statuses)}`);

    expect(statuses).toEqual({ 201: 1, 409: 49 });
    const { rows } = await db.query('SELECT count(*)::int AS n FROM author WHERE lower(email) = lower($1)', [
      email,
    ]);
    expect(rows[0].n).toBe(1);
    await succeed('auth.login', on({ body: { email, password: PASSWORD } }));
  });

  it('20 namesakes signing up at once: all 201, each with a username of their own', async () => {
    const answers = await answersAtOnce(
      times(20, () => [
        'auth.signup',
        { body: { email: newEmail('namesake'), password: PASSWORD, firstname: 'Ada', lastname: 'Namesake' } },
      ]),
    );
    const statuses = countStatuses(answers);
    console.log(`races: 20 namesakes signing up at once answered ${JSON.stringify(statuses)}`);

    expect(statuses).toEqual({ 201: 20 });
    const usernames = answers.map(
      (answer) => (answer.body as { author: { username: string } }).author.username,
    );
    expect(new Set(usernames).size).toBe(20);
  });

  describe('like and unlike storms', () => {
    let poet: Actor;
    let fans: Actor[];
    let poemId: string;

    beforeAll(async () => {
      poet = await signUp('poet', undefined, api.info.baseUrl);
      fans = await Promise.all(times(10, (i) => signUp(`fan${i}`, undefined, api.info.baseUrl)));
      poemId = await writePoem(poet, 'Stormy weather', { baseUrl: api.info.baseUrl });
    });

    const likeRequests = (method: 'like' | 'unlike', fan: Actor): [RouteName, Request] => [
      `poem.likes.${method}`,
      { params: { poemId }, cookie: fan.cookie },
    ];

    /** The poem's counter, its likers' list, each fan's own view, and the author's counter agree. */
    async function likesAgree() {
      const { poem } = await succeed('poem.get', on({ params: { poemId } }));
      const likers = await succeed('poem.likes.list', on({ params: { poemId }, query: { limit: '100' } }));
      const likedByMe = await Promise.all(
        fans.map(
          async (fan) => (await succeed('poem.get', on({ params: { poemId }, cookie: fan.cookie }))).poem,
        ),
      );
      const { rows } = await db.query(
        `SELECT a.likes_received_count AS "received",
                (SELECT count(*)::int FROM poem_like WHERE poem_id = $2) AS "rows"
           FROM author a WHERE a.id = $1`,
        [poet.id, poemId],
      );
      expect(likers.authors).toHaveLength(poem.like_count);
      expect(likedByMe.filter((view) => view.liked_by_me)).toHaveLength(poem.like_count);
      expect(rows[0]).toEqual({ received: poem.like_count, rows: poem.like_count });
      return poem.like_count;
    }

    it('mixed likes and unlikes at once leave the counters equal to the likes', async () => {
      const storm = fans.flatMap((fan) => times(20, (i) => likeRequests(i % 2 ? 'unlike' : 'like', fan)));
      expect(await statusesAtOnce(storm)).toEqual({ 200: storm.length });
      await likesAgree();
    });

    it('every fan liking five times at once counts each fan once; unliking five times at once, zero', async () => {
      const liked = fans.flatMap((fan) => times(5, () => likeRequests('like', fan)));
      expect(await statusesAtOnce(liked)).toEqual({ 200: liked.length });
      expect(await likesAgree()).toBe(fans.length);

      const unliked = fans.flatMap((fan) => times(5, () => likeRequests('unlike', fan)));
      expect(await statusesAtOnce(unliked)).toEqual({ 200: unliked.length });
      expect(await likesAgree()).toBe(0);
    });
  });

  describe('follow and unfollow storms', () => {
    let authors: Actor[];

    beforeAll(async () => {
      authors = await Promise.all(times(8, (i) => signUp(`follower${i}`, undefined, api.info.baseUrl)));
    });

    const followRequest = (
      method: 'follow' | 'unfollow',
      follower: Actor,
      followee: Actor,
    ): [RouteName, Request] => [
      `author.followers.${method}`,
      { params: { authorId: followee.id }, cookie: follower.cookie },
    ];

    /** Each author's two counters equal the follow rows, and the followers list as long. */
    async function followsAgree() {
      const { rows } = await db.query(
        `SELECT a.id, a.followers_count AS "followers", a.following_count AS "following",
                (SELECT count(*)::int FROM author_follow WHERE followee_id = a.id) AS "followerRows",
                (SELECT count(*)::int FROM author_follow WHERE follower_id = a.id) AS "followingRows"
           FROM author a WHERE a.id = ANY($1::uuid[])`,
        [authors.map((author) => author.id)],
      );
      const miscounted = rows.filter(
        (row) => row.followers !== row.followerRows || row.following !== row.followingRows,
      );
      expect(miscounted).toEqual([]);
      for (const row of rows) {
        const list = await succeed(
          'author.followers.list',
          on({ params: { authorId: row.id }, query: { limit: '100' } }),
        );
        expect(list.authors).toHaveLength(row.followers);
      }
      return rows.reduce((sum, row) => sum + row.followers, 0);
    }

    it('every author following and unfollowing every other at once (mutual follows racing) stays consistent', async () => {
      const storm = authors.flatMap((follower) =>
        authors
          .filter((followee) => followee !== follower)
          .flatMap((followee) =>
            times(4, (i) => followRequest(i % 2 ? 'unfollow' : 'follow', follower, followee)),
          ),
      );
      expect(await statusesAtOnce(storm)).toEqual({ 200: storm.length });
      await followsAgree();
    });

    it('every author following every other at once: n × (n - 1) follows; unfollowing at once: none', async () => {
      const pairs = authors.flatMap((follower) =>
        authors.filter((followee) => followee !== follower).map((followee) => [follower, followee] as const),
      );
      const followed = pairs.flatMap(([follower, followee]) =>
        times(2, () => followRequest('follow', follower, followee)),
      );
      expect(await statusesAtOnce(followed)).toEqual({ 200: followed.length });
      expect(await followsAgree()).toBe(pairs.length);

      const unfollowed = pairs.map(([follower, followee]) => followRequest('unfollow', follower, followee));
      expect(await statusesAtOnce(unfollowed)).toEqual({ 200: unfollowed.length });
      expect(await followsAgree()).toBe(0);
    });
  });

  it('one reset token used 20 times at once: one success, 19 refusals, the winner’s password holds', async () => {
    const author = await signUp('forgetful', undefined, api.info.baseUrl);
    const token = await mailedToken(
      author.email,
      'reset-password',
      () => succeed('auth.forgotPassword', on({ body: { email: author.email } })),
      api.info.outboxDir,
    );
    const passwords = times(20, (i) => `new password number ${i}`);
    const answers = await answersAtOnce(
      passwords.map((password) => [
        'auth.resetPassword',
        { body: { token, new_password: password, confirmed_password: password } },
      ]),
    );
    const statuses = countStatuses(answers);
    console.log(`races: one reset token used 20 times at once answered ${JSON.stringify(statuses)}`);

    expect(statuses).toEqual({ 200: 1, 422: 19 });
    const winner = passwords[answers.findIndex((answer) => answer.status === 200)] as string;
    const loser = passwords.find((password) => password !== winner) as string;
    expect((await call('auth.login', on({ body: { email: author.email, password: winner } }))).status).toBe(
      200,
    );
    expect((await call('auth.login', on({ body: { email: author.email, password: loser } }))).status).toBe(
      401,
    );
  });
});
