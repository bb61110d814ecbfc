import type { RouteName } from '@poetry/contract';
import CachePolicy from 'http-cache-semantics';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, type Request, revalidate, urlOf } from '../../src/http.js';
import type { MatrixRow } from '../../src/matrix.js';
import { requiresLogin, routeNamed, routes } from '../../src/routes.js';
import {
  CALLERS,
  type Caller,
  cookieOf,
  createWorld,
  PASSWORD,
  signUp,
  type World,
  writePoem,
} from '../../src/world.js';
import { matrix } from '../authorisation-matrix.js';

/*
 * What a shared cache (a CDN, Varnish) may keep of the API's answers, judged by
 * http-cache-semantics, the rules got and make-fetch-happen cache by. Reads of poems, authors and
 * collections (the contract's `poem`, `author` and `collection` groups) are kept for anonymous
 * readers only: a logged-in answer is never stored, and an anonymous one never answers a request
 * that carries a session cookie. Everything else is never stored. The routes come from the
 * contract and their requests from the authorisation matrix, so a new read is checked here as
 * soon as it has its rows there.
 */

const SHARED = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
const READ_GROUPS = new Set(['poem', 'author', 'collection']);
/** A share link opens a draft to whoever holds it until it is replaced (API.md): never shared. */
const SHARE_LINK: RouteName = 'poem.private.get';

const reads = routes.filter(
  ({ name, route }) =>
    route.method === 'GET' && READ_GROUPS.has(name.split('.')[0] as string) && name !== SHARE_LINK,
);
const succeeds = (row: MatrixRow, caller: Caller) => (row.expected[CALLERS.indexOf(caller)] as number) < 300;
/** The route's first row of the matrix whose `caller` cell succeeds. */
const rowFor = (name: RouteName, caller: Caller) =>
  matrix.find((row) => row.route === name && succeeds(row, caller));

const anonymousReads = reads.filter(({ name }) => rowFor(name, 'anonymous'));
const loginOnlyReads = reads.filter(({ name }) => !rowFor(name, 'anonymous'));

let world: World;
beforeAll(async () => {
  world = await createWorld();
});

async function requestOf(name: RouteName, caller: Caller): Promise<Request> {
  const row = rowFor(name, caller);
  if (!row) throw new Error(`no row of the matrix where ${caller} gets ${name}`);
  return { ...(await row.request(world, caller)), cookie: cookieOf(world, caller) };
}

type Exchange = {
  method: string;
  url: string;
  cookie?: string | undefined;
  headers: Headers;
  status: number;
};

/** The shared cache's view of one exchange. */
function sharedCache({ method, url, cookie, headers, status }: Exchange) {
  const response = { status, headers: Object.fromEntries(headers) };
  return new CachePolicy(cacheRequest(method, url, cookie), response, { shared: true });
}

function cacheRequest(method: string, url: string, cookie?: string) {
  const { host, pathname, search } = new URL(url);
  return { method, url: pathname + search, headers: cookie ? { host, cookie } : { host } };
}

/** `call`, keeping what the shared cache's judge needs. */
async function exchange(name: RouteName, request: Request): Promise<Exchange & { text: string }> {
  const answer = await call(name, request);
  return { method: routeNamed(name).method, url: urlOf(name, request), cookie: request.cookie, ...answer };
}

const varies = (headers: Headers) =>
  (headers.get('vary') ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .filter(Boolean);

describe('an anonymous read of a poem, an author or a collection', () => {
  it.each(reads.map(({ name }) => [name]))(
    '%s is read anonymously in the matrix, or needs a login',
    (name) => {
      expect(rowFor(name, 'anonymous') !== undefined || requiresLogin(routeNamed(name))).toBe(true);
    },
  );

  it.each(anonymousReads.map(({ name }) => [name]))(
    '%s: a shared cache keeps it, for anonymous readers only, and revalidates it with its ETag',
    async (name) => {
      const answer = await exchange(name, await requestOf(name, 'anonymous'));
      expect(answer.status).toBeLessThan(300);
      const etag = answer.headers.get('etag') ?? '';
      expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
      expect(answer.headers.get('cache-control')).toBe(SHARED);
      expect(varies(answer.headers)).toContain('cookie');

      const policy = sharedCache(answer);
      expect(policy.storable()).toBe(true);
      expect(policy.satisfiesWithoutRevalidation(cacheRequest('GET', answer.url))).toBe(true);
      expect(
        policy.satisfiesWithoutRevalidation(cacheRequest('GET', answer.url, world.other.cookie)),
        'the anonymous copy answers a logged-in reader',
      ).toBe(false);

      const again = await revalidate(answer.url, etag);
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe(SHARED);
      expect(varies(again.headers)).toContain('cookie');

      const head = await fetch(answer.url, { method: 'HEAD' });
      expect(head.status).toBe(answer.status);
      expect(head.headers.get('etag')).toBe(etag);
      expect(head.headers.get('cache-control')).toBe(SHARED);
    },
  );

  it('gets a new ETag when what it shows changes: a cache revalidating the old one gets the new answer', async () => {
    const poemId = await writePoem(world.owner, 'Before');
    const before = await exchange('poem.get', { params: { poemId } });
    const etag = before.headers.get('etag') ?? '';
    expect((await revalidate(before.url, etag)).status).toBe(304);

    await call('me.poems.update', {
      cookie: world.owner.cookie,
      params: { poemId },
      body: { title: 'After' },
    });
    const after = await revalidate(before.url, etag);
    expect(after.status).toBe(200);
    expect(after.text).toContain('After');
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.headers.get('cache-control')).toBe(SHARED);
  });
});

describe('a logged-in read is private: a shared cache never stores it', () => {
  it.each(reads.map(({ name }) => [name]))('%s', async (name) => {
    const answer = await exchange(name, await requestOf(name, 'other'));
    expect(answer.status).toBeLessThan(300);
    expect(answer.headers.get('cache-control')).toBe('private, no-cache');
    expect(answer.headers.get('etag')).toBeTruthy();
    expect(varies(answer.headers)).toContain('cookie');
    expect(sharedCache(answer).storable()).toBe(false);
  });
});

describe('never stored by a shared cache', () => {
  const expectNeverStored = (answer: Exchange) => {
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(sharedCache(answer).storable()).toBe(false);
  };
  const UNKNOWN_POEM = '00000000-0000-7000-8000-000000000000';

  it('an unknown poem (404)', async () => {
    const answer = await exchange('poem.get', { params: { poemId: UNKNOWN_POEM } });
    expect(answer.status).toBe(404);
    expectNeverStored(answer);
  });

  it.each(loginOnlyReads.map(({ name }) => [name]))('%s asked for anonymously (401)', async (name) => {
    const anonymous = await exchange(name, { ...(await requestOf(name, 'other')), cookie: undefined });
    expect(anonymous.status).toBe(401);
    expectNeverStored(anonymous);
  });

  it.each(
    routes
      .filter(({ name, route }) => name.startsWith('me.') && route.method === 'GET')
      .map(({ name }) => [name]),
  )('%s, as its owner and anonymously', async (name) => {
    const request = await requestOf(name, 'owner');
    const owner = await exchange(name, request);
    expect(owner.status).toBeLessThan(300);
    expectNeverStored(owner);
    const anonymous = await exchange(name, { ...request, cookie: undefined });
    expect(anonymous.status).toBe(401);
    expectNeverStored(anonymous);
  });

  it.each(['anonymous', 'other'] as const)('a share link, asked for by %s', async (caller) => {
    const answer = await exchange(SHARE_LINK, await requestOf(SHARE_LINK, caller));
    expect(answer.status).toBe(200);
    expectNeverStored(answer);
  });

  it('writes: a metric, a like and its removal, a new draft', async () => {
    const poemId = { params: { poemId: world.poems.othersPublished } };
    const cookie = world.owner.cookie;
    for (const answer of [
      await exchange('poem.metrics.increment', { ...poemId, body: { metric: 'read' } }),
      await exchange('poem.likes.like', { ...poemId, cookie }),
      await exchange('poem.likes.unlike', { ...poemId, cookie }),
      await exchange('me.poems.create', { cookie, body: {} }),
    ]) {
      expect(answer.status).toBeLessThan(300);
      expectNeverStored(answer);
    }
  });

  it('answers that set a cookie: login, and logout by GET', async () => {
    const author = await signUp('caching');
    const login = await exchange('auth.login', { body: { email: author.email, password: PASSWORD } });
    const logout = await exchange('auth.logout', { cookie: author.cookie });
    for (const answer of [login, logout]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.getSetCookie()).not.toHaveLength(0);
      expectNeverStored(answer);
    }
  });
});
