import { beforeAll, describe, expect, it } from 'vitest';
import { type LoggedInAuthor, loggedInAuthor } from '../support/logged-in-authors.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const UNKNOWN_ID = '0190a4c4-0000-7000-8000-000000000000';

const server = useTestServer();
let ada: LoggedInAuthor;
beforeAll(async () => {
  ada = await loggedInAuthor(server, { firstname: 'Ada', lastname: 'Lovelace' });
});

describe('GET /api/author/:authorId', () => {
  it('returns the public view of an author by id, with no personal data', async () => {
    const { author } = await server.client().author.get({ params: { authorId: ada.id } });
    expect(author).toEqual({
      id: ada.id,
      username: ada.username,
      firstname: 'Ada',
      lastname: 'Lovelace',
      fullname: 'Ada Lovelace',
      bio: '',
      profile_photo_url: null,
      profile_photo_sizes: [],
      profile_banner_photo_url: null,
      share_image_url: null,
      poems_count: 0,
      collections_count: 0,
      followers_count: 0,
      following_count: 0,
      followed_by_me: false,
      created_at: ada.created_at,
    });
  });

  it('finds the author by username in any case', async () => {
    const client = server.client();
    for (const name of [
      ada.username,
      ada.username.toUpperCase(),
      `${ada.username[0]?.toUpperCase()}${ada.username.slice(1)}`,
    ]) {
      const { author } = await client.author.get({ params: { authorId: name } });
      expect(author.id, name).toBe(ada.id);
    }
  });

  it('follows a username change', async () => {
    const author = await loggedInAuthor(server);
    await author.client.me.update({ body: { username: 'renamed_poet' } });
    const client = server.client();
    expect((await client.author.get({ params: { authorId: 'Renamed_Poet' } })).author.id).toBe(author.id);
    await expect(client.author.get({ params: { authorId: author.username } })).rejects.toMatchObject({
      status: 404,
    });
  });

  it.each([
    ['an unknown id', UNKNOWN_ID],
    ['an unknown username', 'nobody-by-this-name'],
    ['a malformed id', '0190a4c4-0000-7000-8000-00000000000z'],
    ['a string that is neither', "'; drop table author; --"],
    ['a too long string', 'x'.repeat(500)],
  ])('answers 404 not_found for %s', async (_what, authorId) => {
    await expectProblem(
      send(`${server.url}/api/author/${encodeURIComponent(authorId)}`, 'GET'),
      404,
      'not_found',
    );
  });

  it('tells a logged-in viewer whether they follow the author; anonymous callers never do', async () => {
    const follower = await loggedInAuthor(server);
    const stranger = await loggedInAuthor(server);
    const target = await loggedInAuthor(server);
    await follower.client.author.followers.follow({ params: { authorId: target.id } });

    const seenBy = async (client = server.client()) =>
      (await client.author.get({ params: { authorId: target.username } })).author.followed_by_me;
    expect(await seenBy(follower.client)).toBe(true);
    expect(await seenBy(stranger.client)).toBe(false);
    expect(await seenBy()).toBe(false);
    // Following is one-way.
    expect(
      (await target.client.author.get({ params: { authorId: follower.id } })).author.followed_by_me,
    ).toBe(false);
  });
});
