import {
  bodyBytes,
  cutShort,
  formOf,
  LONG_ARRAY_ITEMS,
  type RawBody,
} from '@poetry/contract-tests/hostile-bodies';
import { outOfRangeCursors } from '@poetry/contract-tests/hostile-cursors';
import { succeed } from '@poetry/contract-tests/http';
import { type Actor, signUp, writePoem } from '@poetry/contract-tests/world';
import type { Step } from './run-load.js';
import type { LoadRequest } from './send.js';

/** An author with a published poem (to read) and a collection (to send multipart to). */
export type HostileCast = { author: Actor; poemId: string; collectionId: string };

export async function castForHostileLoad(baseUrl: string): Promise<HostileCast> {
  const author = await signUp('hostile', undefined, baseUrl);
  const poemId = await writePoem(author, 'read under fire', { baseUrl });
  const { collection } = await succeed('me.collections.create', {
    cookie: author.cookie,
    body: { title: 'a target' },
    baseUrl,
  });
  return { author, poemId, collectionId: collection.id };
}

type HostileKind = { name: string; next: () => LoadRequest };

const raw = (body: RawBody, headers: Record<string, string> = {}) => ({
  rawBody: body.bytes,
  headers: { 'content-type': body.contentType, ...headers },
});

/** Each of `requests` in turn. */
const inTurn = (requests: LoadRequest[]) => {
  let turn = 0;
  return () => requests[turn++ % requests.length] as LoadRequest;
};

/**
 * The nastiest bad input there is, each kind a request that cost the unfixed server seconds, a
 * gigabyte or a 500: a part named `tags[1000000]`, a JSON array of 300,000 items near the 1 MB
 * body limit, JSON of many members or deep nesting, a body that claims gzip and is not,
 * multipart cut short, cursors out of range.
 * Bodies are encoded once, so the senders spend their time sending.
 */
export async function hostileKinds({ author, poemId, collectionId }: HostileCast): Promise<HostileKind[]> {
  const cookie = author.cookie;
  const collection = `/api/me/collection/${collectionId}`;
  const poem = `/api/me/poem/${poemId}`;
  const bracketed = await bodyBytes({ form: formOf({ body: { 'tags[1000000]': 'x' } }) });
  const multipart = await bodyBytes({ form: formOf({ body: { title: 'cut', tags: ['a', 'b'] } }) });
  // Two digits an item: a 900 KB body.
  const longArray = await bodyBytes({ body: { tags: new Array(LONG_ARRAY_ITEMS).fill(99) } });
  const json = await bodyBytes({ body: { title: 'not gzip' } });
  // What JSON.parse itself is slow on: 90,000 members (~1 MB), and arrays nested 400,000 deep.
  const manyMembers = await bodyBytes({
    body: Object.fromEntries(Array.from({ length: 90_000 }, (_, i) => [`k${i}`, 0])),
  });
  const deeplyNested: RawBody = {
    contentType: 'application/json',
    bytes: new TextEncoder().encode(`{"title":${'['.repeat(400_000)}${']'.repeat(400_000)}}`),
  };
  const cursors = outOfRangeCursors().flatMap(({ cursor }) => [
    `/api/author/list/top?cursor=${cursor}`,
    `/api/author/${author.id}/follower?cursor=${cursor}`,
  ]);
  const put = (path: string, body: RawBody, headers?: Record<string, string>) => () =>
    ({ method: 'PUT', path, cookie, ...raw(body, headers) }) as const;
  return [
    { name: 'part named tags[1000000]', next: put(collection, bracketed) },
    { name: `JSON array of ${LONG_ARRAY_ITEMS} items`, next: put(poem, longArray) },
    { name: 'JSON of 90,000 members', next: put(poem, manyMembers) },
    { name: 'JSON nested 400,000 deep', next: put(poem, deeplyNested) },
    { name: 'gzip that is not gzip', next: put(poem, json, { 'content-encoding': 'gzip' }) },
    { name: 'multipart cut short', next: put(collection, cutShort(multipart)) },
    { name: 'cursor out of range', next: inTurn(cursors.map((path) => ({ method: 'GET', path }))) },
  ];
}

/** The next request of every sender: each kind in turn. */
export function hostileSteps(kinds: HostileKind[]): () => Step {
  let turn = 0;
  return () => {
    const kind = kinds[turn++ % kinds.length] as HostileKind;
    return { name: kind.name, request: kind.next() };
  };
}

/** Anonymous reads: the poem, and its author's list of poems, in turn. */
export function readSteps({ author, poemId }: HostileCast): () => Step {
  const next = inTurn([
    { method: 'GET', path: `/api/poem/${poemId}` },
    { method: 'GET', path: `/api/author/${author.id}/poem?limit=10` },
  ]);
  return () => ({ name: 'read', request: next() });
}
