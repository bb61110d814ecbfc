import type { Poem } from '@poetry/contract';
import type { PoetryClient } from '@poetry/sdk';
import { writePoem } from '@poetry/test-support/poems';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { useTestServer } from '../support/server.js';

/**
 * The poem visibility rules of the interface, as a matrix: who asks (anonymous, the owner,
 * another author) × the poem's state (published, unpublished) → the status of every route that
 * reads a poem, and whether the poem is in every list that could hold it.
 */
type Caller = 'anonymous' | 'owner' | 'other';
type State = 'published' | 'unpublished';

const server = useTestServer();
let ownerId: string;
const callers = {} as Record<Caller, PoetryClient>;
const poems = {} as Record<State, Poem>;

beforeAll(async () => {
  callers.anonymous = server.client();
  callers.owner = server.client();
  callers.other = server.client();
  ownerId = (await signUp(callers.owner)).id;
  await signUp(callers.other);
  poems.published = await writePoem(callers.owner, { title: 'Sunlit meadow', tags: ['light'] });
  poems.unpublished = await writePoem(callers.owner, {
    title: 'Secret meadow',
    tags: ['light'],
    publish: false,
  });
});

const status = (call: Promise<unknown>) =>
  call.then(
    () => 200,
    (error: { status?: number }) => error.status,
  );

const reads: Record<string, (client: PoetryClient, poem: Poem) => Promise<unknown>> = {
  'GET /api/poem/:id': (client, poem) => client.poem.get({ params: { poemId: poem.id } }),
  'GET /api/author/:id/poem/:id': (client, poem) =>
    client.author.poems.get({ params: { authorId: ownerId, poemId: poem.id } }),
  'GET /api/me/poem/:id': (client, poem) => client.me.poems.get({ params: { poemId: poem.id } }),
  'GET /api/poem/:id/like': (client, poem) => client.poem.likes.list({ params: { poemId: poem.id } }),
  'PUT /api/poem/:id/metric': (client, poem) =>
    client.poem.metrics.increment({ params: { poemId: poem.id }, body: { metric: 'read' } }),
  'PUT /api/poem/:id/like': (client, poem) => client.poem.likes.like({ params: { poemId: poem.id } }),
};

const lists: Record<string, (client: PoetryClient) => Promise<{ poems: Poem[] }>> = {
  'GET /api/author/:id/poem': (client) => client.author.poems.list({ params: { authorId: ownerId } }),
  'GET /api/me/poem': (client) => client.me.poems.list(),
  'GET /api/poem?q=meadow': (client) => client.poem.search({ query: { q: 'meadow' } }),
  'GET /api/poem?tags=light': (client) => client.poem.search({ query: { tags: 'light' } }),
};

//                                   anonymous          owner              other
const expectedStatus: Record<string, Record<State, [number, number, number]>> = {
  'GET /api/poem/:id': { published: [200, 200, 200], unpublished: [404, 404, 404] },
  'GET /api/author/:id/poem/:id': { published: [200, 200, 200], unpublished: [404, 404, 404] },
  'GET /api/me/poem/:id': { published: [401, 200, 404], unpublished: [401, 200, 404] },
  'GET /api/poem/:id/like': { published: [200, 200, 200], unpublished: [404, 404, 404] },
  'PUT /api/poem/:id/metric': { published: [200, 200, 200], unpublished: [404, 404, 404] },
  'PUT /api/poem/:id/like': { published: [401, 200, 200], unpublished: [401, 404, 404] },
};

// 'list' means the call answers 200 and the poem is in it; '401' is the call's status.
const expectedInList: Record<string, Record<State, [boolean | 401, boolean | 401, boolean | 401]>> = {
  'GET /api/author/:id/poem': { published: [true, true, true], unpublished: [false, false, false] },
  'GET /api/me/poem': { published: [401, true, false], unpublished: [401, true, false] },
  'GET /api/poem?q=meadow': { published: [true, true, true], unpublished: [false, false, false] },
  'GET /api/poem?tags=light': { published: [true, true, true], unpublished: [false, false, false] },
};

const CALLERS: Caller[] = ['anonymous', 'owner', 'other'];
const STATES: State[] = ['published', 'unpublished'];

describe('poem visibility', () => {
  for (const [route, read] of Object.entries(reads)) {
    for (const state of STATES) {
      CALLERS.forEach((caller, i) => {
        it(`${route}: ${caller} × ${state} → ${expectedStatus[route]?.[state][i]}`, async () => {
          expect(await status(read(callers[caller], poems[state]))).toBe(expectedStatus[route]?.[state][i]);
        });
      });
    }
  }

  for (const [route, list] of Object.entries(lists)) {
    for (const state of STATES) {
      CALLERS.forEach((caller, i) => {
        const expected = expectedInList[route]?.[state][i];
        it(`${route}: ${caller} × ${state} → ${expected === 401 ? 401 : expected ? 'listed' : 'not listed'}`, async () => {
          const result = await list(callers[caller]).catch((error: { status: number }) => error.status);
          if (expected === 401) return expect(result).toBe(401);
          if (typeof result === 'number') throw new Error(`answered ${result}`);
          expect(result.poems.some((poem) => poem.id === poems[state].id)).toBe(expected);
        });
      });
    }
  }
});
