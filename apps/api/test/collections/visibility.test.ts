/**
 * Who sees what of a collection (API.md, "Behaviour the interface leaves open"): a private
 * collection is 404 to everyone but its owner; the public view shows published poems in
 * memberships that are not hidden; the owner sees their own poems in any state and other authors'
 * published poems, hidden ones included, each with `is_hidden`. `/api/collection/*` needs login;
 * `/api/author/*` does not.
 */
import type { Collection, Poem } from '@poetry/contract';
import type { PoetryClient } from '@poetry/sdk';
import { writePoem } from '@poetry/test-support/poems';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { addPoems, createCollection, outcome } from '../support/collections.js';
import { useTestServer } from '../support/server.js';

// The poems the owner puts in each collection, in this order: author, state when added, membership.
const POEMS = {
  ownPublished: { byOwner: true, published: true, hidden: false },
  ownPublishedHidden: { byOwner: true, published: true, hidden: true },
  ownDraft: { byOwner: true, published: false, hidden: false },
  ownDraftHidden: { byOwner: true, published: false, hidden: true },
  othersPublished: { byOwner: false, published: true, hidden: false },
  othersPublishedHidden: { byOwner: false, published: true, hidden: true },
  // its author unpublishes it after it was added
  othersUnpublished: { byOwner: false, published: true, hidden: false },
} as const;
type PoemKey = keyof typeof POEMS;

// What each view lists, newest membership first.
const OWNER_VIEW: PoemKey[] = [
  'othersPublishedHidden',
  'othersPublished',
  'ownDraftHidden',
  'ownDraft',
  'ownPublishedHidden',
  'ownPublished',
];
const PUBLIC_VIEW: PoemKey[] = ['othersPublished', 'ownPublished'];

type Caller = 'anonymous' | 'owner' | 'other';
type State = 'public' | 'private';
type Cell = { caller: Caller; state: State; status: number; poems?: PoemKey[] };

// GET /api/collection/:id, /:id/poem, /:id/poem/:poemId, /:id/follower (login required)
const COLLECTION_ROUTES: Cell[] = [
  { caller: 'anonymous', state: 'public', status: 401 },
  { caller: 'anonymous', state: 'private', status: 401 },
  { caller: 'owner', state: 'public', status: 200, poems: OWNER_VIEW },
  { caller: 'owner', state: 'private', status: 200, poems: OWNER_VIEW },
  { caller: 'other', state: 'public', status: 200, poems: PUBLIC_VIEW },
  { caller: 'other', state: 'private', status: 404 },
];

// GET /api/author/:ownerId/collection/:id (no login needed)
const AUTHOR_ROUTE: Cell[] = [
  { caller: 'anonymous', state: 'public', status: 200, poems: PUBLIC_VIEW },
  { caller: 'anonymous', state: 'private', status: 404 },
  { caller: 'owner', state: 'public', status: 200, poems: OWNER_VIEW },
  { caller: 'owner', state: 'private', status: 200, poems: OWNER_VIEW },
  { caller: 'other', state: 'public', status: 200, poems: PUBLIC_VIEW },
  { caller: 'other', state: 'private', status: 404 },
];

// GET /api/author/:ownerId/collection/:id/poem: the public view, to everyone, the owner too (no login needed)
const PUBLIC_POEMS_ROUTE: Cell[] = [
  { caller: 'anonymous', state: 'public', status: 200, poems: PUBLIC_VIEW },
  { caller: 'anonymous', state: 'private', status: 404 },
  { caller: 'owner', state: 'public', status: 200, poems: PUBLIC_VIEW },
  { caller: 'owner', state: 'private', status: 404 },
  { caller: 'other', state: 'public', status: 200, poems: PUBLIC_VIEW },
  { caller: 'other', state: 'private', status: 404 },
];

// GET /api/me/collection/:id/poem: the owner's view, of their own collections only
const MY_POEMS_ROUTE: Cell[] = [
  { caller: 'anonymous', state: 'public', status: 401 },
  { caller: 'anonymous', state: 'private', status: 401 },
  { caller: 'owner', state: 'public', status: 200, poems: OWNER_VIEW },
  { caller: 'owner', state: 'private', status: 200, poems: OWNER_VIEW },
  { caller: 'other', state: 'public', status: 404 },
  { caller: 'other', state: 'private', status: 404 },
];

const server = useTestServer();
const clients = {} as Record<Caller, PoetryClient>;
let ownerId: string;
const collections = {} as Record<State, Collection>;
const poems = {} as Record<PoemKey, Poem>;

beforeAll(async () => {
  clients.anonymous = server.client();
  clients.owner = server.client();
  clients.other = server.client();
  ownerId = (await signUp(clients.owner)).id;
  await signUp(clients.other);

  for (const [key, poem] of Object.entries(POEMS) as [PoemKey, (typeof POEMS)[PoemKey]][]) {
    const author = poem.byOwner ? clients.owner : clients.other;
    poems[key] = await writePoem(author, { title: key, publish: poem.published });
  }
  collections.public = await createCollection(clients.owner, { is_public: true });
  collections.private = await createCollection(clients.owner, { is_public: false });
  for (const collection of Object.values(collections)) {
    await addPoems(
      clients.owner,
      collection.id,
      (Object.keys(POEMS) as PoemKey[]).map((key) => ({ id: poems[key].id, hidden: POEMS[key].hidden })),
    );
  }
  await clients.other.me.poems.update({
    params: { poemId: poems.othersUnpublished.id },
    body: { is_published: false },
  });
});

const keysOf = (listed: Poem[]) =>
  listed.map((poem) => (Object.keys(poems) as PoemKey[]).find((key) => poems[key].id === poem.id));

/** The owner's view marks each poem hidden or not; the public view says nothing about it. */
function expectHiddenMarks(listed: Poem[], caller: Caller) {
  for (const poem of listed) {
    const key = keysOf([poem])[0] as PoemKey;
    expect(poem.is_hidden, key).toBe(caller === 'owner' ? POEMS[key].hidden : undefined);
  }
}

const cellName = ({ caller, state, status }: Cell) => `${caller} × ${state} collection → ${status}`;

describe('GET /api/collection/:collectionId and its poems', () => {
  it.each(COLLECTION_ROUTES.map((cell) => [cellName(cell), cell] as const))('%s', async (_name, cell) => {
    const client = clients[cell.caller];
    const collectionId = collections[cell.state].id;

    const got = await outcome(client.collection.get({ params: { collectionId } }));
    expect(got.status).toBe(cell.status);
    expect(got.body?.collection.poems_count).toBe(cell.poems?.length);

    const list = await outcome(client.collection.poems.list({ params: { collectionId } }));
    expect(list.status).toBe(cell.status);
    expect(list.body && keysOf(list.body.poems)).toEqual(cell.poems);
    if (list.body) expectHiddenMarks(list.body.poems, cell.caller);

    for (const key of Object.keys(POEMS) as PoemKey[]) {
      const one = await outcome(
        client.collection.poems.get({ params: { collectionId, poemId: poems[key].id } }),
      );
      const expected = cell.status !== 200 ? cell.status : cell.poems?.includes(key) ? 200 : 404;
      expect(one.status, key).toBe(expected);
      if (one.body) expectHiddenMarks([one.body.poem], cell.caller);
    }

    const followers = await outcome(client.collection.followers.list({ params: { collectionId } }));
    expect(followers.status).toBe(cell.status);
  });
});

describe('GET /api/author/:authorId/collection/:collectionId', () => {
  it.each(AUTHOR_ROUTE.map((cell) => [cellName(cell), cell] as const))('%s', async (_name, cell) => {
    const collectionId = collections[cell.state].id;
    const got = await outcome(
      clients[cell.caller].author.collections.get({ params: { authorId: ownerId, collectionId } }),
    );
    expect(got.status).toBe(cell.status);
    expect(got.body?.collection.poems_count).toBe(cell.poems?.length);
  });
});

describe('GET /api/author/:authorId/collection/:collectionId/poem', () => {
  it.each(PUBLIC_POEMS_ROUTE.map((cell) => [cellName(cell), cell] as const))('%s', async (_name, cell) => {
    const params = { authorId: ownerId, collectionId: collections[cell.state].id };
    const list = await outcome(clients[cell.caller].author.collections.poems.list({ params }));
    expect(list.status).toBe(cell.status);
    expect(list.body && keysOf(list.body.poems)).toEqual(cell.poems);
    // The public view, whoever looks: no `is_hidden`, not even for the owner.
    if (list.body) expectHiddenMarks(list.body.poems, 'anonymous');
  });
});

describe('GET /api/author/:authorId/collection', () => {
  it.each(['anonymous', 'owner', 'other'] as const)('%s sees the public collection only', async (caller) => {
    const { collections: listed } = await clients[caller].author.collections.list({
      params: { authorId: ownerId },
    });
    expect(listed.map((collection) => collection.id)).toEqual([collections.public.id]);
    expect(listed[0]?.poems_count).toBe((caller === 'owner' ? OWNER_VIEW : PUBLIC_VIEW).length);
  });
});

describe('GET /api/me/collection/:collectionId/poem', () => {
  it.each(MY_POEMS_ROUTE.map((cell) => [cellName(cell), cell] as const))('%s', async (_name, cell) => {
    const collectionId = collections[cell.state].id;
    const list = await outcome(clients[cell.caller].me.collections.poems.list({ params: { collectionId } }));
    expect(list.status).toBe(cell.status);
    expect(list.body && keysOf(list.body.poems)).toEqual(cell.poems);
    if (list.body) expectHiddenMarks(list.body.poems, cell.caller);
  });
});
