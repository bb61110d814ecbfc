/**
 * `GET /api/author/:authorId/collection/:collectionId/poem`: a public collection's poems for any
 * reader, logged in or not, as a reader without an account sees them (the owner too), with
 * `liked_by_me` for a logged-in one.
 */
import type { Poem, PublicCollectionPoemsQueryInput } from '@poetry/contract';
import type { PoetryClient } from '@poetry/sdk';
import { writePoem } from '@poetry/test-support/poems';
import { beforeAll, describe, expect, it } from 'vitest';
import { addPoems, createCollection } from '../support/collections.js';
import { type LoggedInAuthor, loggedInAuthor } from '../support/logged-in-authors.js';
import { collectPages } from '../support/pagination.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

let owner: LoggedInAuthor;
let other: LoggedInAuthor;
let collectionId: string;
let privateCollectionId: string;
const poems = {} as Record<'first' | 'second' | 'others' | 'draft' | 'hidden' | 'unpublished', Poem>;

beforeAll(async () => {
  owner = await loggedInAuthor(server);
  other = await loggedInAuthor(server);
  // Published in this order...
  poems.first = await writePoem(owner.client, { title: 'First', tags: ['sea'] });
  poems.second = await writePoem(owner.client, { title: 'Second', tags: ['sea', 'storm'] });
  poems.others = await writePoem(other.client, { title: 'By the other', tags: ['storm'] });
  poems.hidden = await writePoem(owner.client, { title: 'Hidden', tags: ['sea'] });
  poems.unpublished = await writePoem(other.client, { title: 'Unpublished later', tags: ['sea'] });
  poems.draft = await writePoem(owner.client, { title: 'Draft', tags: ['sea'], publish: false });
  collectionId = (await createCollection(owner.client, { title: 'Public', is_public: true })).id;
  privateCollectionId = (await createCollection(owner.client, { title: 'Private' })).id;
  // ...and added in another.
  const members = [
    { id: poems.second.id },
    { id: poems.unpublished.id },
    { id: poems.others.id },
    { id: poems.draft.id },
    { id: poems.first.id },
    { id: poems.hidden.id, hidden: true },
  ];
  await addPoems(owner.client, collectionId, members);
  await addPoems(owner.client, privateCollectionId, members);
  await other.client.me.poems.update({
    params: { poemId: poems.unpublished.id },
    body: { is_published: false },
  });
});

const ids = (listed: { id: string }[]) => listed.map((poem) => poem.id);

/** Every poem of the route as `client` reads it, `limit` at a time to the last page. */
const publicPoems = (
  client: PoetryClient,
  { authorId = owner.id, ...query }: PublicCollectionPoemsQueryInput & { authorId?: string } = {},
  limit = 2,
) =>
  collectPages(async (page) => {
    const { poems: items, ...cursors } = await client.author.collections.poems.list({
      params: { authorId, collectionId },
      query: { ...query, ...page },
    });
    return { items, ...cursors };
  }, limit);

describe('GET /api/author/:authorId/collection/:collectionId/poem', () => {
  it('lists the published, visible poems newest published first, to anyone, as /api/collection/:id/poem shows readers', async () => {
    const anonymous = await publicPoems(server.client());

    expect(ids(anonymous)).toEqual(ids([poems.others, poems.second, poems.first]));
    expect(anonymous.every((poem) => poem.is_published && !poem.liked_by_me && !('is_hidden' in poem))).toBe(
      true,
    );
    const asReader = await collectPages(async (page) => {
      const { poems: items, ...cursors } = await other.client.collection.poems.list({
        params: { collectionId },
        query: page,
      });
      return { items, ...cursors };
    }, 2);
    expect(ids(anonymous)).toEqual(ids(asReader));
    const iterated = [];
    for await (const poem of server.client().author.collections.poems.iterate({
      params: { authorId: owner.username, collectionId },
      query: { limit: 1 },
    })) {
      iterated.push(poem);
    }
    expect(iterated).toEqual(anonymous);
  });

  it('shows its owner the same public view: no draft, no hidden poem, no `is_hidden`', async () => {
    const seenByOwner = await publicPoems(owner.client, {}, 1);
    expect(seenByOwner).toEqual(await publicPoems(server.client()));
  });

  it('fills in `liked_by_me` for a logged-in reader', async () => {
    const reader = await loggedInAuthor(server);
    await reader.client.poem.likes.like({ params: { poemId: poems.second.id } });
    const listed = await publicPoems(reader.client);
    expect(listed.map((poem) => [poem.id, poem.liked_by_me])).toEqual([
      [poems.others.id, false],
      [poems.second.id, true],
      [poems.first.id, false],
    ]);
  });

  it('keeps the poems carrying every tag of `tags`', async () => {
    const client = server.client();
    expect(ids(await publicPoems(client, { tags: 'sea' }))).toEqual(ids([poems.second, poems.first]));
    expect(ids(await publicPoems(client, { tags: 'Storm' }))).toEqual(ids([poems.others, poems.second]));
    expect(ids(await publicPoems(client, { tags: 'sea,storm' }))).toEqual([poems.second.id]);
    expect(await publicPoems(client, { tags: 'sky' })).toEqual([]);
  });

  it('is 404 for a private, unknown or malformed collection, one of another author, or an unknown author', async () => {
    const url = (authorId: string, collection: string) =>
      `${server.url}/api/author/${authorId}/collection/${collection}/poem`;
    const unknown = '01900000-0000-7000-8000-000000000000';
    const cases = [
      url(owner.id, privateCollectionId),
      url(owner.username, privateCollectionId),
      url(owner.id, unknown),
      url(owner.id, 'not-an-id'),
      url(other.id, collectionId),
      url(other.username, collectionId),
      url(unknown, collectionId),
      url('nobody-here', collectionId),
      url('bad%20id', collectionId),
    ];
    for (const [who, cookie] of [
      ['anonymous', undefined],
      ['the owner', await owner.client.session.header(server.url)],
    ] as const) {
      for (const target of cases) {
        const problem = await expectProblem(send(target, 'GET', { cookie }), 404, 'not_found');
        expect(JSON.stringify(problem), `${who}: ${target}`).not.toContain(poems.draft.id);
      }
    }
  });

  it('answers 400 for a bad `tags` or `limit`, or a cursor of another list', async () => {
    const url = `${server.url}/api/author/${owner.id}/collection/${collectionId}/poem`;
    const { next_cursor } = await server
      .client()
      .author.lists.get({ params: { listId: 'new' }, query: { limit: 1 } });
    for (const [query, path] of [
      [`tags=${'x'.repeat(41)}`, 'query.tags.0'],
      ['limit=0', 'query.limit'],
      [`cursor=${next_cursor}`, 'query.cursor'],
    ]) {
      await expectProblem(send(`${url}?${query}`, 'GET'), 400, 'validation_failed', [path as string]);
    }
  });
});
