import { type Collection, CollectionResponse } from '@poetry/contract';
import { describe, expect, it } from 'vitest';
import { createCollection } from '../support/collections.js';
import { authorWithCookie } from '../support/logged-in-authors.js';
import { type FormPart, sendForm } from '../support/multipart.js';
import { collectPages } from '../support/pagination.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { type TestServer, useTestServer } from '../support/server.js';

const server = useTestServer();

const author = () => authorWithCookie(server);

const collectionUrl = (id: string) => `${server.url}/api/me/collection/${id}`;

/** `PUT /api/me/collection/:id` as multipart/form-data. */
const putMultipart = (id: string, cookie: string, parts: FormPart[]) =>
  sendForm(collectionUrl(id), 'PUT', cookie, parts);

const mine = async (client: ReturnType<TestServer['client']>, id: string) =>
  (await client.collection.get({ params: { collectionId: id } })).collection;

describe('POST /api/me/collection', () => {
  it('creates a private, empty collection with defaults, answering 201', async () => {
    const { me, cookie } = await author();
    const response = await send(`${server.url}/api/me/collection`, 'POST', { cookie, body: {} });
    expect(response.status).toBe(201);
    const { collection } = (await response.json()) as { collection: Collection };
    expect(collection).toMatchObject({
      title: '',
      description: '',
      tags: [],
      is_public: false,
      image_url: null,
      owner: { id: me.id, username: me.username, fullname: me.fullname },
      poems_count: 0,
      followers_count: 0,
      followed_by_me: false,
    });
  });

  it('takes every field, normalising the tags', async () => {
    const { client } = await author();
    const collection = await createCollection(client, {
      title: ' Odes ',
      description: 'To autumn, mostly.',
      tags: [' Nature', 'nature', 'ODE'],
      is_public: true,
    });
    expect(collection).toMatchObject({
      title: 'Odes',
      description: 'To autumn, mostly.',
      tags: ['nature', 'ode'],
      is_public: true,
    });
  });

  it('rejects unknown fields and answers 401 without a session', async () => {
    const { cookie } = await author();
    await expectProblem(
      send(`${server.url}/api/me/collection`, 'POST', { cookie, body: { title: 'x', followers_count: 9 } }),
      400,
      'validation_failed',
    );
    await expectProblem(
      send(`${server.url}/api/me/collection`, 'POST', { body: {} }),
      401,
      'unauthenticated',
    );
  });
});

describe('GET /api/me/collection', () => {
  it("lists the caller's collections, public and private, newest first, page by page", async () => {
    const { client } = await author();
    const { client: stranger } = await author();
    await createCollection(stranger, { is_public: true });
    const created: Collection[] = [];
    for (const is_public of [true, false, true, false, false])
      created.push(await createCollection(client, { is_public }));

    const listed = await collectPages(async (query) => {
      const page = await client.me.collections.list({ query });
      return { items: page.collections, next_cursor: page.next_cursor, prev_cursor: page.prev_cursor };
    }, 2);
    expect(listed.map((c) => c.id)).toEqual(created.map((c) => c.id).reverse());
  });

  it('refuses a cursor that is not one of its own with 400', async () => {
    const { cookie } = await author();
    await expectProblem(
      send(`${server.url}/api/me/collection?cursor=bm90LWEtY3Vyc29y`, 'GET', { cookie }),
      400,
      'validation_failed',
      ['query.cursor'],
    );
  });
});

describe('PUT /api/me/collection/:collectionId', () => {
  it('changes only the fields sent, as JSON', async () => {
    const { client, cookie } = await author();
    const before = await createCollection(client, { title: 'Drafts', description: 'Keep', tags: ['a'] });
    const putJson = async (body: object) => {
      const response = await send(collectionUrl(before.id), 'PUT', { cookie, body });
      expect(response.status).toBe(200);
      return CollectionResponse.parse(await response.json()).collection;
    };

    const updated = await putJson({ title: 'Sonnets', is_public: true });
    expect(updated).toMatchObject({ title: 'Sonnets', description: 'Keep', tags: ['a'], is_public: true });
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    expect(await mine(client, before.id)).toMatchObject({ title: 'Sonnets', is_public: true });

    expect(await putJson({ tags: [], is_public: false })).toMatchObject({
      title: 'Sonnets',
      tags: [],
      is_public: false,
    });
  });

  it('takes multipart text fields: repeated `tags` parts and `is_public` "true"', async () => {
    const { client, cookie } = await author();
    const { id } = await createCollection(client);
    const response = await putMultipart(id, cookie, [
      ['title', 'Songs of Innocence'],
      ['description', 'Illuminated'],
      ['tags', 'Lamb'],
      ['tags', 'tyger'],
      ['is_public', 'true'],
    ]);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await mine(client, id)).toMatchObject({
      title: 'Songs of Innocence',
      description: 'Illuminated',
      tags: ['lamb', 'tyger'],
      is_public: true,
    });

    expect(
      (
        await putMultipart(id, cookie, [
          ['tags', 'single'],
          ['is_public', 'false'],
        ])
      ).status,
    ).toBe(200);
    expect(await mine(client, id)).toMatchObject({ tags: ['single'], is_public: false });
  });

  it('refuses bad fields with 400 and changes nothing', async () => {
    const { client, cookie } = await author();
    const { id } = await createCollection(client, { title: 'Kept' });
    await expectProblem(
      putMultipart(id, cookie, [
        ['is_public', 'yes'],
        ['title', 'Lost'],
      ]),
      400,
      'validation_failed',
      ['is_public'],
    );
    await expectProblem(
      send(collectionUrl(id), 'PUT', { cookie, body: { title: 'Lost', owner_id: 'someone' } }),
      400,
      'validation_failed',
    );
    await expectProblem(
      putMultipart(id, cookie, [
        ['title', 'Lost'],
        ['colour', 'red'],
      ]),
      400,
      'validation_failed',
    );
    await expectProblem(
      putMultipart(id, cookie, [
        ['title', 'Lost'],
        ['image', 'not a file'],
      ]),
      400,
      'validation_failed',
    );
    await expectProblem(
      putMultipart(id, cookie, [
        ['title', 'Lost'],
        ['avatar', new Blob(['GIF89a']), 'a.gif'],
      ]),
      400,
      'validation_failed',
      ['avatar'],
    );
    await expectProblem(
      send(collectionUrl(id), 'PUT', {
        cookie,
        body: 'title=Lost',
        headers: { 'content-type': 'text/plain' },
      }),
      415,
      'unsupported_media_type',
    );
    expect(await mine(client, id)).toMatchObject({ title: 'Kept', is_public: false });
  });

  it('takes a plain object from the SDK, text kept as text', async () => {
    const { client } = await author();
    const { id } = await createCollection(client, { title: 'Draft' });
    const { collection } = await client.me.collections.update({
      params: { collectionId: id },
      body: { title: 'Sonnets', tags: ['Love', 'sea'], is_public: true },
    });
    expect(collection).toMatchObject({ title: 'Sonnets', tags: ['love', 'sea'], is_public: true });
  });

  it('bounds the multipart body: parts, their sizes and the image', async () => {
    const { client, cookie } = await author();
    const { id } = await createCollection(client, { title: 'Kept' });
    const tags = Array.from({ length: 41 }, (_, i): [string, string] => ['tags', `tag${i}`]);
    const tooMany = await expectProblem(putMultipart(id, cookie, tags), 400, 'validation_failed');
    expect(tooMany.detail).toMatch(/too many (parts|fields)/i);
    await expectProblem(
      putMultipart(id, cookie, [['title', 'x'.repeat(17 * 1024)]]),
      413,
      'payload_too_large',
    );
    await expectProblem(
      putMultipart(id, cookie, [['image', new Blob([new Uint8Array(5 * 1024 * 1024 + 1)]), 'big.png']]),
      413,
      'payload_too_large',
    );
    await expectProblem(putMultipart(id, cookie, [['__proto__', 'x']]), 400, 'validation_failed');
    expect(await mine(client, id)).toMatchObject({ title: 'Kept' });
  });

  it("answers 404 for someone else's collection, an unknown id and a malformed one", async () => {
    const { client: owner } = await author();
    const { id } = await createCollection(owner, { title: 'Theirs' });
    const { cookie } = await author();
    for (const target of [id, '0190a1b2-0000-7000-8000-000000000000', 'not-an-id']) {
      await expectProblem(
        send(collectionUrl(target), 'PUT', { cookie, body: { title: 'Mine now' } }),
        404,
        'not_found',
      );
      await expectProblem(putMultipart(target, cookie, [['title', 'Mine now']]), 404, 'not_found');
      await expectProblem(send(collectionUrl(target), 'DELETE', { cookie }), 404, 'not_found');
    }
    expect(await mine(owner, id)).toMatchObject({ title: 'Theirs' });
  });
});

describe('DELETE /api/me/collection/:collectionId', () => {
  it('answers the collection as it was, then it is gone with its follows', async () => {
    const { client } = await author();
    const { client: follower } = await author();
    const { id } = await createCollection(client, { title: 'Farewell', is_public: true });
    await follower.collection.followers.follow({ params: { collectionId: id } });

    const { collection } = await client.me.collections.delete({ params: { collectionId: id } });
    expect(collection).toMatchObject({ id, title: 'Farewell', followers_count: 1 });
    await expect(client.collection.get({ params: { collectionId: id } })).rejects.toMatchObject({
      status: 404,
    });
    expect((await client.me.collections.list()).collections).toEqual([]);
    const { rows } = await server.pool.query(
      'SELECT count(*)::int AS n FROM collection_follow WHERE collection_id = $1',
      [id],
    );
    expect(rows[0].n).toBe(0);
  });

  it("deleting the owner's account deletes their collections", async () => {
    const { client, me } = await author();
    const { client: reader } = await author();
    const { id } = await createCollection(client, { is_public: true });
    await reader.collection.followers.follow({ params: { collectionId: id } });

    await client.me.delete();
    await expect(reader.collection.get({ params: { collectionId: id } })).rejects.toMatchObject({
      status: 404,
    });
    const { rows } = await server.pool.query(
      'SELECT count(*)::int AS n FROM collection WHERE owner_id = $1',
      [me.id],
    );
    expect(rows[0].n).toBe(0);
  });
});
