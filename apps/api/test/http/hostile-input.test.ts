import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../support/authors.js';
import { createCollection } from '../support/collections.js';
import { authorWithCookie } from '../support/logged-in-authors.js';
import { sendForm } from '../support/multipart.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

/*
 * Input sent to hurt: each of these once answered with a 500, or held the server for seconds.
 * Every answer here is a 4xx problem+json, and nothing changes.
 */

const server = useTestServer();
let owner: Awaited<ReturnType<typeof authorWithCookie>>;
let collectionId: string;
let poemId: string;
beforeAll(async () => {
  owner = await authorWithCookie(server);
  collectionId = (await createCollection(owner.client, { title: 'Kept', tags: ['kept'] })).id;
  poemId = (await owner.client.me.poems.create({ body: {} })).poem.id;
  await owner.client.me.poems.update({
    params: { poemId },
    body: { title: 'Kept', body: 'As it was', is_published: true },
  });
});

const collectionUrl = () => `${server.url}/api/me/collection/${collectionId}`;
const collectionNow = async () =>
  (await owner.client.collection.get({ params: { collectionId } })).collection;

/** A cursor as the server makes them (base64url JSON of the key), with any values in it. */
const cursorOf = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString('base64url');

describe('multipart field names', () => {
  it.each(['tags[1000000]', 'tags[]', 'tags[0]', 'title[a]'])(
    'refuses the bracketed name %s',
    async (name) => {
      const before = await collectionNow();
      const problem = await expectProblem(
        sendForm(collectionUrl(), 'PUT', owner.cookie, [[name, 'x']]),
        400,
        'validation_failed',
      );
      expect(problem.errors?.[0]?.path).toBe(name);
      expect(await collectionNow()).toEqual(before);
    },
  );
});

describe('long arrays', () => {
  // The scan's own answer, before JSON.parse: validation would refuse each body too, but only
  // after parsing it (http/json-body.ts).
  const TOO_MANY_VALUES = /^The JSON body has more than \d+ values$/;
  const TOO_DEEP = /^The JSON body has nested more than \d+ levels deep$/;
  it.each([
    ['300,000 items', { tags: Array(300_000).fill(0) }, TOO_MANY_VALUES],
    [
      '90,000 members',
      Object.fromEntries(Array.from({ length: 90_000 }, (_, i) => [`k${i}`, 0])),
      TOO_MANY_VALUES,
    ],
    ['nesting 400,000 deep', `{"title":${'['.repeat(400_000)}${']'.repeat(400_000)}}`, TOO_DEEP],
    ['nesting 17 deep', `{"title":${'['.repeat(16)}${']'.repeat(16)}}`, TOO_DEEP],
  ])('refuses a JSON body of %s with one error, in a small answer', async (_what, body, message) => {
    const response = await send(`${server.url}/api/me/poem/${poemId}`, 'PUT', { cookie: owner.cookie, body });
    expect((await response.clone().text()).length).toBeLessThan(1_000);
    const problem = await expectProblem(Promise.resolve(response), 400, 'validation_failed');
    expect(problem.error_count).toBe(1);
    expect(problem.errors?.[0]?.message).toMatch(message);
  });

  it('refuses an array over the limit by its length alone', async () => {
    const problem = await expectProblem(
      send(`${server.url}/api/me/poem/${poemId}`, 'PUT', {
        cookie: owner.cookie,
        body: { tags: Array(5_000).fill(0) },
      }),
      400,
      'validation_failed',
      ['tags'],
    );
    expect(problem.error_count).toBe(1);
  });

  it('counts the tags parts of a multipart body the same way', async () => {
    const parts = Array.from({ length: 30 }, (_, i) => ['tags', `t${i}`] as [string, string]);
    await expectProblem(sendForm(collectionUrl(), 'PUT', owner.cookie, parts), 400, 'validation_failed');
  });
});

describe('error lists', () => {
  it('lists at most 20 field errors, each unknown field by name, and says how many there were', async () => {
    const body = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`field_${i}`, i]));
    const problem = await expectProblem(
      send(`${server.url}/api/me/poem/${poemId}`, 'PUT', { cookie: owner.cookie, body }),
      400,
      'validation_failed',
    );
    expect(problem.errors).toHaveLength(20);
    expect(problem.errors?.[0]).toEqual({
      path: 'field_0',
      code: 'unknown_field',
      message: 'Not a field of this request',
    });
    expect(problem.error_count).toBe(5_000);
  });

  it('cuts a field name of any length short', async () => {
    const response = await send(`${server.url}/api/me/poem/${poemId}`, 'PUT', {
      cookie: owner.cookie,
      body: { ['x'.repeat(500_000)]: 1 },
    });
    expect((await response.clone().text()).length).toBeLessThan(1_000);
    await expectProblem(Promise.resolve(response), 400, 'validation_failed');
  });
});

describe('parser errors', () => {
  it.each(['/api/author/%ZZ', '/api/poem/%E0%A4%A', '/media/%ZZ', '/api/author/%ZZ/poem'])(
    'answers malformed percent-encoding in %s with 400',
    async (path) => {
      const problem = await expectProblem(send(`${server.url}${path}`, 'GET'), 400, 'validation_failed');
      expect(problem.detail).toBe('The path is not valid percent-encoding');
    },
  );

  it('answers a body that is not the gzip it claims with 400, and an unknown encoding with 415', async () => {
    const login = (encoding: string, body: Uint8Array | string) =>
      fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        body,
      });
    const credentials = JSON.stringify({ email: owner.me.email, password: PASSWORD });
    await expectProblem(login('gzip', credentials), 400, 'validation_failed');
    await expectProblem(login('deflate', credentials), 400, 'validation_failed');
    await expectProblem(login('compress', credentials), 415, 'unsupported_media_type');
    expect((await login('gzip', gzipSync(credentials))).status).toBe(200);
  });

  it('answers multipart without a boundary, cut short or mis-framed with 400, changing nothing', async () => {
    const before = await collectionNow();
    const put = (contentType: string, body: string) =>
      fetch(collectionUrl(), {
        method: 'PUT',
        headers: { cookie: owner.cookie, 'content-type': contentType },
        body,
      });
    const part = '--b\r\ncontent-disposition: form-data; name="title"\r\n\r\nChanged';
    await expectProblem(put('multipart/form-data', `${part}\r\n--b--\r\n`), 400, 'validation_failed');
    await expectProblem(put('multipart/form-data; boundary=b', part), 400, 'validation_failed');
    await expectProblem(
      put('multipart/form-data; boundary=b', '--b\r\nno headers here\r\n--b--\r\n'),
      400,
      'validation_failed',
    );
    expect(await collectionNow()).toEqual(before);
  });

  it('answers a compressed multipart body with 415, changing nothing', async () => {
    const before = await collectionNow();
    const body = '--b\r\ncontent-disposition: form-data; name="title"\r\n\r\nChanged\r\n--b--\r\n';
    for (const [encoding, bytes] of [
      ['gzip', gzipSync(body)],
      ['gzip', body],
      ['br', body],
    ] as const) {
      const put = fetch(collectionUrl(), {
        method: 'PUT',
        headers: {
          cookie: owner.cookie,
          'content-type': 'multipart/form-data; boundary=b',
          'content-encoding': encoding,
        },
        body: bytes,
      });
      await expectProblem(put, 415, 'unsupported_media_type');
    }
    expect(await collectionNow()).toEqual(before);
  });
});

describe('cursors', () => {
  const uuid = '01900000-0000-7000-8000-000000000000';
  const lists: Record<string, () => string> = {
    likers: () => `/api/poem/${poemId}/like`,
    'author followers': () => `/api/author/${owner.me.id}/follower`,
    'collection followers': () => `/api/collection/${collectionId}/follower`,
    'top authors': () => '/api/author/list/top',
    'featured authors': () => '/api/author/list/featured',
    'featured collections': () => '/api/collection/list/featured',
  };
  it.each([
    ['likers', 'a timestamp that is no date', ['2024-13-45 25:61:00+00', uuid]],
    ['author followers', 'day 30 of February', ['2024-02-30 10:00:00+00', uuid]],
    ['collection followers', 'year 0', ['0000-01-01 00:00:00+00', uuid]],
    ['top authors', 'a count beyond int', [2_147_483_648, uuid]],
    ['featured authors', 'a huge count', [1e15, uuid]],
    ['featured collections', 'a count below int', [-(2 ** 31) - 1, uuid]],
  ] as const)('%s: refuses %s with 400', async (list, _what, key) => {
    const path = (lists[list] as () => string)();
    await expectProblem(
      send(`${server.url}${path}?cursor=${cursorOf([...key])}`, 'GET', { cookie: owner.cookie }),
      400,
      'validation_failed',
      ['query.cursor'],
    );
  });
});

describe('path variants', () => {
  it.each([
    ['POST', '/api/auth/signup/'],
    ['POST', '/API/AUTH/SIGNUP'],
    ['POST', '/api/Auth/signup'],
  ])('%s %s is no route, and signs nobody up', async (method, path) => {
    const email = `variant-${Date.now()}-${Math.random()}@example.com`;
    const body = { email, password: PASSWORD, firstname: 'Path', lastname: 'Variant' };
    await expectProblem(send(`${server.url}${path}`, method, { body }), 404, 'not_found');
    await expectProblem(
      send(`${server.url}/api/auth/login`, 'POST', { body: { email, password: PASSWORD } }),
      401,
      'invalid_credentials',
    );
  });

  it.each([
    ['POST', '/api/auth/login/'],
    ['POST', '/API/AUTH/LOGIN'],
    ['GET', '/api/me/'],
    ['GET', '/API/ME'],
  ])('%s %s is no route', async (method, path) => {
    const body = method === 'POST' ? { email: owner.me.email, password: PASSWORD } : undefined;
    await expectProblem(
      send(`${server.url}${path}`, method, { body, cookie: owner.cookie }),
      404,
      'not_found',
    );
  });
});
