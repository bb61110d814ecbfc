import type { PageQueryInput } from '@poetry/contract';
import type { PoetryClient } from '@poetry/sdk';
import { writePoem } from '@poetry/test-support/poems';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectAuthors } from '../support/author-pages.js';
import { type LoggedInAuthor, loggedInAuthors } from '../support/logged-in-authors.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const NAMES = ['f1', 'f2', 'f3', 'x', 'y', 'z'] as const;
type Name = (typeof NAMES)[number];

const server = useTestServer();
// Signed up in the order of NAMES, so `new` lists them backwards. The fans f1..f3 follow and
// like x, y and z.
let authors: Record<Name, LoggedInAuthor>;
const idsOf = (names: string) => names.split(' ').map((name) => authors[name as Name].id);

beforeAll(async () => {
  authors = await loggedInAuthors(server, NAMES);
  // Followers: y 3, x 2, z 1, the fans none.
  for (const [follower, followees] of [
    ['f1', 'y x z'],
    ['f2', 'y x'],
    ['f3', 'y'],
  ] as const) {
    for (const authorId of idsOf(followees)) {
      await authors[follower].client.author.followers.follow({ params: { authorId } });
    }
  }
});

const list = (listId: string, query: PageQueryInput = {}, client: PoetryClient = server.client()) =>
  client.author.lists.get({ params: { listId }, query });

const ids = (listed: { id: string }[]) => listed.map((author) => author.id);

/** The ids of the whole list, read two by two. */
async function wholeList(listId: string): Promise<string[]> {
  const { authors: listed, pageSizes } = await collectAuthors((page) => list(listId, page), 2);
  expect(pageSizes.slice(0, -1).every((size) => size === 2)).toBe(true);
  return ids(listed);
}

describe('GET /api/author/list/featured and /new', () => {
  it('featured: most followers first, ties newest first, page after page', async () => {
    expect(await wholeList('featured')).toEqual(idsOf('y x z f3 f2 f1'));
    const { authors: firstThree } = await list('featured', { limit: 3 });
    expect(firstThree.map((author) => author.followers_count)).toEqual([3, 2, 1]);
  });

  it('new: newest author first', async () => {
    expect(await wholeList('new')).toEqual(idsOf('z y x f3 f2 f1'));
  });

  it('fills in followed_by_me for a logged-in viewer', async () => {
    const { authors: listed } = await list('featured', {}, authors.f2.client);
    expect(listed.map((author) => author.followed_by_me)).toEqual([true, true, false, false, false, false]);
  });

  it.each(['popular', 'Featured', 'genre', 'genre:', 'genre:a,b', `genre:${'x'.repeat(41)}`])(
    'answers 404 for the unknown list %j',
    async (listId) => {
      await expectProblem(
        send(`${server.url}/api/author/list/${encodeURIComponent(listId)}`, 'GET'),
        404,
        'not_found',
      );
    },
  );

  it('answers 400 for a cursor of a list of another shape, or a forged one', async () => {
    const fromNew = (await list('new', { limit: 1 })).next_cursor as string;
    const fromFeatured = (await list('featured', { limit: 1 })).next_cursor as string;
    const url = (listId: string, cursor: string) =>
      `${server.url}/api/author/list/${listId}?cursor=${cursor}`;
    for (const [listId, cursor] of [
      ['featured', fromNew],
      ['new', fromFeatured],
      ['top', fromNew],
      ['new', 'not-a-cursor'],
      ['new', Buffer.from('["not-a-uuid"]').toString('base64url')],
    ] as const) {
      await expectProblem(send(url(listId, cursor), 'GET'), 400, 'validation_failed', ['query.cursor']);
    }
  });
});

async function publish(author: Name, tags: string[], likers = ''): Promise<string> {
  const { id } = await writePoem(authors[author].client, { tags });
  for (const liker of likers.split(' ').filter(Boolean)) {
    await authors[liker as Name].client.poem.likes.like({ params: { poemId: id } });
  }
  return id;
}

describe('GET /api/author/list/top and /genre:<tag> (needs poems and likes)', () => {
  beforeAll(async () => {
    // Likes on published poems: x 2, y 1, everyone else 0 (z's liked poem is unpublished again).
    await publish('x', ['Sonnet', 'love'], 'f1 f2');
    await publish('y', ['haiku'], 'f3');
    await publish('y', ['sonnet']);
    const unpublished = await publish('z', ['sonnet', 'haiku'], 'f1 f2 f3');
    await authors.z.client.me.poems.update({
      params: { poemId: unpublished },
      body: { is_published: false },
    });
    await publish('f3', ['sonnet']);
    await writePoem(authors.f1.client, { tags: ['haiku'], publish: false });
  });

  it('top: most likes on published poems first, ties newest first', async () => {
    expect(await wholeList('top')).toEqual(idsOf('x y z f3 f2 f1'));
  });

  it('genre:<tag>: authors with a published poem so tagged, ranked by likes', async () => {
    expect(await wholeList('genre:sonnet')).toEqual(idsOf('x y f3'));
    expect(await wholeList('genre:haiku')).toEqual(idsOf('y'));
    expect(await wholeList('genre:love')).toEqual(idsOf('x'));
    expect(await wholeList('genre:limerick')).toEqual([]);
  });

  it('genre:<tag> normalises the tag as poems do', async () => {
    for (const listId of ['genre:SONNET', 'genre: Sonnet ']) {
      expect(ids((await list(listId)).authors), listId).toEqual(idsOf('x y f3'));
    }
  });
});
