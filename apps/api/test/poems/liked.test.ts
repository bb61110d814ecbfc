import type { Poem } from '@poetry/contract';
import type { PoetryClient } from '@poetry/sdk';
import { writePoem } from '@poetry/test-support/poems';
import { describe, expect, it } from 'vitest';
import { loggedInAuthor } from '../support/logged-in-authors.js';
import { collectPages } from '../support/pagination.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

const ids = (poems: { id: string }[]) => poems.map((poem) => poem.id);

const params = (poemId: string) => ({ params: { poemId } });

/** Every poem `client`'s author likes, read `limit` at a time to the last page. */
const liked = (client: PoetryClient, limit: number) =>
  collectPages(async (page) => {
    const { poems, ...cursors } = await client.me.liked.list({ query: page });
    return { items: poems, ...cursors };
  }, limit);

/** Published poems by a new author, written in the order of `titles`. */
async function poemsBy<const Title extends string>(titles: readonly Title[]) {
  const { client } = await loggedInAuthor(server);
  const poems = {} as Record<Title, Poem>;
  for (const title of titles) poems[title] = await writePoem(client, { title });
  return { client, poems };
}

describe('GET /api/me/liked', () => {
  it('lists the poems I like, most recently liked first, to the last page', async () => {
    const { client: reader } = await loggedInAuthor(server);
    const { client: other } = await loggedInAuthor(server);
    const { a, b, c, d, e } = (await poemsBy(['a', 'b', 'c', 'd', 'e'])).poems;
    // Liked in another order than they were written, so the list cannot be ordered by id.
    for (const poem of [c, a, e, b, d]) await reader.poem.likes.like(params(poem.id));
    await other.poem.likes.like(params(b.id));

    const listed = await liked(reader, 2);

    expect(ids(listed)).toEqual(ids([d, b, e, a, c]));
    expect(listed.every((poem) => poem.liked_by_me && poem.is_published)).toBe(true);
    expect(listed.find((poem) => poem.id === b.id)).toMatchObject({ title: 'b', like_count: 2 });
    const iterated = [];
    for await (const poem of reader.me.liked.iterate({ query: { limit: 3 } })) iterated.push(poem);
    expect(iterated).toEqual(listed);
    expect(ids(await liked(other, 2))).toEqual([b.id]);
  });

  it('leaves out a poem unpublished since I liked it, until it is published again; drops unliked and deleted ones', async () => {
    const { client: reader } = await loggedInAuthor(server);
    const { client: poet, poems } = await poemsBy(['unpublished', 'unliked', 'deleted', 'kept']);
    const { unpublished, unliked, deleted, kept } = poems;
    for (const poem of [unpublished, unliked, deleted, kept]) await reader.poem.likes.like(params(poem.id));
    await reader.poem.likes.unlike(params(unliked.id));
    await poet.me.poems.delete(params(deleted.id));
    await poet.me.poems.update({ ...params(unpublished.id), body: { is_published: false } });

    const listed = await liked(reader, 1);
    expect(ids(listed)).toEqual([kept.id]);
    expect(JSON.stringify(listed)).not.toContain(unpublished.id);

    await poet.me.poems.update({ ...params(unpublished.id), body: { is_published: true } });
    expect(ids(await liked(reader, 1))).toEqual(ids([kept, unpublished]));
  });

  it('is empty for an author who likes nothing, and 401 without a login', async () => {
    const { client } = await loggedInAuthor(server);
    expect(await client.me.liked.list()).toEqual({ poems: [], next_cursor: null, prev_cursor: null });
    await expectProblem(send(`${server.url}/api/me/liked`, 'GET'), 401, 'unauthenticated');
  });
});
