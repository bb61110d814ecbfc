import { describe, expect, it } from 'vitest';
import { collectAuthors } from '../support/author-pages.js';
import { cookieOf } from '../support/collections.js';
import { followsAtOneInstant } from '../support/follows-at-one-instant.js';
import { type LoggedInAuthor, loggedInAuthor, loggedInAuthors } from '../support/logged-in-authors.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

const ids = (authors: { id: string }[]) => authors.map((author) => author.id);

const follow = (follower: LoggedInAuthor, followee: LoggedInAuthor) =>
  follower.client.author.followers.follow({ params: { authorId: followee.id } });

/** Everything `reader` follows, read `limit` at a time to the last page. */
const following = async (reader: LoggedInAuthor, limit: number) =>
  (await collectAuthors((page) => reader.client.me.following.list({ query: page }), limit)).authors;

describe('GET /api/me/following', () => {
  it('lists the authors I follow, most recent follow first, to the last page', async () => {
    const { reader, a, b, c, d, e } = await loggedInAuthors(server, ['reader', 'a', 'b', 'c', 'd', 'e']);
    // Followed in another order than they signed up, so the list cannot be ordered by id.
    for (const followee of [c, a, e, b, d]) await follow(reader, followee);
    await follow(a, reader);

    const { authors, pageSizes } = await collectAuthors(
      (page) => reader.client.me.following.list({ query: page }),
      2,
    );
    expect(pageSizes).toEqual([2, 2, 1]);
    expect(ids(authors)).toEqual(ids([d, b, e, a, c]));
    expect(authors.every((author) => author.followed_by_me)).toBe(true);
    expect(authors.find((author) => author.id === c.id)).toMatchObject({
      username: c.username,
      followers_count: 1,
    });
    const iterated = [];
    for await (const author of reader.client.me.following.iterate({ query: { limit: 3 } }))
      iterated.push(author);
    expect(iterated).toEqual(authors);
    // Someone else's follows are theirs.
    expect(ids(await following(a, 2))).toEqual([reader.id]);
  });

  it('drops whom I unfollow and who left; following again comes first', async () => {
    const { reader, stays, unfollowed, leaves, refollowed } = await loggedInAuthors(server, [
      'reader',
      'stays',
      'unfollowed',
      'leaves',
      'refollowed',
    ]);
    for (const followee of [refollowed, stays, unfollowed, leaves]) await follow(reader, followee);
    await reader.client.author.followers.unfollow({ params: { authorId: unfollowed.id } });
    await leaves.client.me.delete();
    await reader.client.author.followers.unfollow({ params: { authorId: refollowed.id } });
    await follow(reader, refollowed);
    // Following again someone already followed keeps their place.
    await follow(reader, stays);

    expect(ids(await following(reader, 1))).toEqual(ids([refollowed, stays]));
  });

  it('pages through follows made at the same instant, to the microsecond, in followee id order', async () => {
    const reader = await loggedInAuthor(server);
    const followees = await followsAtOneInstant(server, (followee) => ({
      followerId: reader.id,
      followeeId: followee.id,
    }));
    const { f0, f1, f2, f3, f4 } = followees;
    for (const limit of [1, 2, 3]) {
      expect(ids(await following(reader, limit)), `limit ${limit}`).toEqual(ids([f4, f3, f2, f1, f0]));
    }
  });

  it('is empty for an author who follows nobody, 401 without a login, 400 for a cursor of another list', async () => {
    const loner = await loggedInAuthor(server);
    expect(await loner.client.me.following.list()).toEqual({
      authors: [],
      next_cursor: null,
      prev_cursor: null,
    });
    await expectProblem(send(`${server.url}/api/me/following`, 'GET'), 401, 'unauthenticated');
    const { next_cursor } = await loner.client.author.lists.get({
      params: { listId: 'new' },
      query: { limit: 1 },
    });
    const cookie = await cookieOf(loner.client, server.url);
    await expectProblem(
      send(`${server.url}/api/me/following?cursor=${next_cursor}`, 'GET', { cookie }),
      400,
      'validation_failed',
      ['query.cursor'],
    );
  });
});
