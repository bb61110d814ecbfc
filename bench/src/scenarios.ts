import { rareWord } from '@poetry/seed';
import type { Request } from 'autocannon';
import type { Fixtures } from './fixtures.js';

export type Scenario = {
  id: string;
  name: string;
  requests: (f: Fixtures) => Request[];
  /**
   * For a page, which the floor cannot render: the scenario whose API req/s it is measured
   * against instead (no floor run). It must run earlier.
   */
  comparedWith?: string;
  /**
   * Dot-separated paths in the answer to a write that change with every request (a counter it
   * increments): the floor parity check compares the rest.
   */
  volatile?: string[];
};

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** A GET whose path `path` chooses afresh for every request. */
const get = (path: () => string, headers: Record<string, string> = {}): Request => ({
  method: 'GET',
  headers,
  setupRequest: (request) => ({ ...request, path: path() }),
});

/** A connection's memory between its PUT and its DELETE: the poem it liked. */
type LikeContext = { poemId?: string };

const JSON_HEADERS = { 'content-type': 'application/json' };

/** What a browser sends for a page (and no cookie: an anonymous reader). */
const BROWSER_HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip, br' };

/** Words of the seed's vocabulary (about 150 words): each is in about half of the poems. */
const COMMON_WORDS = ['harbour', 'sparrow', 'orchard', 'compass', 'anchor'];

/**
 * Scenarios `<id>a` to `<id>c`: the named lists `featured`, `new` and `genre:<tag>` under `path`,
 * which the contract serves to everyone or, with `loggedIn`, only to a logged-in author.
 */
function namedLists(id: string, path: string, { loggedIn }: { loggedIn: boolean }): Scenario[] {
  const suffix = loggedIn ? ' (logged in)' : '';
  const named = (letter: string, shown: string, list: (f: Fixtures) => string): Scenario => ({
    id: `${id}${letter}`,
    name: `GET ${path}/${shown}${suffix}`,
    requests: (f) => [get(() => `${path}/${list(f)}`, loggedIn ? { cookie: f.cookie } : {})],
  });
  return [
    named('a', 'featured', () => 'featured'),
    named('b', 'new', () => 'new'),
    named('c', 'genre:<tag>', (f) => `genre:${pick(f.genres)}`),
  ];
}

/**
 * In the order they run. Scenario 1p, the poem's page (through the service's page cache), runs
 * right after 1, the JSON it shows, whose req/s it is a share of; then the same page rendered for
 * every request (1r) and for a logged-in reader (1q), never cached. Scenario 7 runs right after 2, whose cost it is compared with: the
 * write scenarios (4, 5) leave dead row versions that every later read steps over until autovacuum
 * has been by, so the other lists (8–14) run before them too (the bench vacuums between rounds).
 */
export const SCENARIOS: Scenario[] = [
  {
    id: '1',
    name: 'GET /api/poem/:id (anonymous)',
    requests: (f) => [get(() => `/api/poem/${pick(f.poemIds)}`)],
  },
  {
    id: '1p',
    name: 'GET /poem/:id (anonymous HTML page)',
    requests: (f) => [get(() => `/poem/${pick(f.poemIds)}`, BROWSER_HEADERS)],
    comparedWith: '1',
  },
  {
    id: '1r',
    name: 'GET /poem/:id?v=<new> (anonymous HTML page, rendered every time)',
    // A query no request has sent before: no cache has the page, the service renders it.
    requests: (f) => [get(() => `/poem/${pick(f.poemIds)}?v=${crypto.randomUUID()}`, BROWSER_HEADERS)],
    comparedWith: '1',
  },
  {
    id: '1q',
    name: 'GET /poem/:id (HTML page, logged in)',
    requests: (f) => [get(() => `/poem/${pick(f.poemIds)}`, { ...BROWSER_HEADERS, cookie: f.cookie })],
    comparedWith: '1',
  },
  {
    id: '2',
    name: 'GET /api/author/:id/poem (first page)',
    requests: (f) => [get(() => `/api/author/${pick(f.prolificIds)}/poem`)],
  },
  {
    id: '7',
    name: 'GET /api/author/:id/poem (deep page by cursor)',
    requests: (f) => [
      get(() => {
        const i = Math.floor(Math.random() * f.prolificIds.length);
        return `/api/author/${f.prolificIds[i]}/poem?cursor=${f.deepCursors[i]}`;
      }),
    ],
  },
  {
    id: '3',
    name: 'GET /api/me/poem (logged in)',
    requests: (f) => [get(() => '/api/me/poem', { cookie: f.cookie })],
  },
  {
    id: '8',
    name: 'GET /api/me/feed (logged in)',
    requests: (f) => [get(() => '/api/me/feed', { cookie: f.cookie })],
  },
  {
    id: '9',
    name: 'GET /api/author/:id/collection/:id/poem?tags=<a tag> (anonymous)',
    requests: (f) => [
      get(() => {
        const { authorId, collectionId, tag } = pick(f.taggedCollections);
        return `/api/author/${authorId}/collection/${collectionId}/poem?tags=${tag}`;
      }),
    ],
  },
  {
    id: '10',
    name: 'GET /api/author/:id (anonymous)',
    requests: (f) => [get(() => `/api/author/${pick(f.authorIds)}`)],
  },
  {
    id: '11',
    name: 'GET /api/author/:id/follower (many followers)',
    requests: (f) => [get(() => `/api/author/${pick(f.prolificIds)}/follower`)],
  },
  {
    id: '12',
    name: 'GET /api/poem/:id/like (many likes)',
    requests: (f) => [get(() => `/api/poem/${pick(f.likedPoemIds)}/like`)],
  },
  ...namedLists('13', '/api/author/list', { loggedIn: false }),
  ...namedLists('14', '/api/collection/list', { loggedIn: true }),
  {
    id: '4',
    name: 'PUT /api/poem/:id/metric read',
    volatile: ['poem.metrics.read'],
    requests: (f) => [
      {
        method: 'PUT',
        headers: JSON_HEADERS,
        body: JSON.stringify({ metric: 'read' }),
        setupRequest: (request) => ({ ...request, path: `/api/poem/${pick(f.poemIds)}/metric` }),
      },
    ],
  },
  {
    id: '5',
    name: 'PUT then DELETE /api/poem/:id/like',
    requests: (f) => [
      {
        method: 'PUT',
        headers: { cookie: f.cookie },
        setupRequest: (request, context) => {
          (context as LikeContext).poemId = pick(f.poemIds);
          return { ...request, path: `/api/poem/${(context as LikeContext).poemId}/like` };
        },
      },
      {
        method: 'DELETE',
        headers: { cookie: f.cookie },
        setupRequest: (request, context) => ({
          ...request,
          path: `/api/poem/${(context as LikeContext).poemId}/like`,
        }),
      },
    ],
  },
  { id: '6a', name: 'GET /api/author/list/top', requests: () => [get(() => '/api/author/list/top')] },
  {
    id: '6b',
    name: 'GET /api/poem?q=<a rare word>',
    requests: () => [get(() => `/api/poem?q=${rareWord(Math.random() * 5_000)}`)],
  },
  {
    id: '6c',
    name: 'GET /api/poem?q=<a common word>',
    requests: () => [get(() => `/api/poem?q=${pick(COMMON_WORDS)}`)],
  },
];
