import type { PageQueryInput } from '@poetry/contract';
import { describe, expect, it } from 'vitest';
import { collectAuthors } from '../support/author-pages.js';
import { followsAtOneInstant } from '../support/follows-at-one-instant.js';
import { type LoggedInAuthor, loggedInAuthor, loggedInAuthors } from '../support/logged-in-authors.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

const ids = (authors: { id: string }[]) => authors.map((author) => author.id);

const follow = (follower: LoggedInAuthor, followee: LoggedInAuthor) =>
  follower.client.author.followers.follow({ params: { authorId: followee.id } });

const followersOf = (authorId: string, query: PageQueryInput = {}, client = server.client()) =>
  client.author.followers.list({ params: { authorId }, query });

describe('GET /api/author/:authorId/follower', () => {
  it('lists the followers, most recent follow first, as the viewer sees them', async () => {
    const { target, first, second, third } = await loggedInAuthors(server, [
      'target',
      'first',
      'second',
      'third',
    ]);
    // Followed in another order than they signed up, so the list cannot be ordered by id.
    for (const follower of [second, third, first]) await follow(follower, target);
    await follow(second, first);

    const anonymous = await followersOf(target.username);
    expect(ids(anonymous.authors)).toEqual(ids([first, third, second]));
    expect(anonymous.next_cursor).toBeNull();
    expect(anonymous.authors.every((author) => !author.followed_by_me)).toBe(true);
    expect(anonymous.authors[0]).toMatchObject({ username: first.username, followers_count: 1 });

    const seenBySecond = await followersOf(target.id, {}, second.client);
    expect(seenBySecond.authors.map((author) => [author.id, author.followed_by_me])).toEqual([
      [first.id, true],
      [third.id, false],
      [second.id, false],
    ]);
  });

  it('neither skips nor repeats a follower while new follows come in between pages', async () => {
    const { target, late1, late2, ...early } = await loggedInAuthors(server, [
      'target',
      'late1',
      'late2',
      'early1',
      'early2',
      'early3',
      'early4',
      'early5',
    ]);
    const earlyFollowers = Object.values(early);
    for (const follower of earlyFollowers) await follow(follower, target);

    const lateFollows = [late1, late2];
    const { authors, pageSizes } = await collectAuthors(
      (page) => followersOf(target.id, page),
      2,
      async () => {
        const next = lateFollows.shift();
        if (next) await follow(next, target);
      },
    );

    expect(pageSizes).toEqual([2, 2, 1]);
    const earlyNewestFirst = [...earlyFollowers].reverse();
    expect(ids(authors)).toEqual(ids(earlyNewestFirst));
    expect(ids((await followersOf(target.id)).authors)).toEqual(ids([late2, late1, ...earlyNewestFirst]));
  });

  it('pages through follows made at the same instant, to the microsecond, in follower id order', async () => {
    const target = await loggedInAuthor(server);
    const followers = await followsAtOneInstant(server, (follower) => ({
      followerId: follower.id,
      followeeId: target.id,
    }));
    const { f0, f1, f2, f3, f4 } = followers;

    for (const limit of [1, 2, 3]) {
      const { authors } = await collectAuthors((page) => followersOf(target.id, page), limit);
      expect(ids(authors), `limit ${limit}`).toEqual(ids([f4, f3, f2, f1, f0]));
    }
  });

  it('answers an empty list for an author nobody follows, and 404 for an unknown author', async () => {
    const loner = await loggedInAuthor(server);
    expect(await followersOf(loner.id)).toEqual({ authors: [], next_cursor: null, prev_cursor: null });
    for (const authorId of ['0190a4c4-0000-7000-8000-000000000000', 'nobody-here', 'bad id']) {
      await expectProblem(
        send(`${server.url}/api/author/${encodeURIComponent(authorId)}/follower`, 'GET'),
        404,
        'not_found',
      );
    }
  });

  it('answers 400 for a cursor that is not one of this list', async () => {
    const target = await loggedInAuthor(server);
    const url = (cursor: string) => `${server.url}/api/author/${target.id}/follower?cursor=${cursor}`;
    const cursor = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString('base64url');
    const newListCursor = cursor([target.id]);
    const millisecondCursor = cursor(['2026-01-02T03:04:05.000Z', target.id]);
    for (const bad of ['garbage', newListCursor, millisecondCursor]) {
      await expectProblem(send(url(bad), 'GET'), 400, 'validation_failed', ['query.cursor']);
    }
  });
});
