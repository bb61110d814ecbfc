import { type Collection, CollectionResponse } from '@poetry/contract';
import { gpsTagsOf, phoneJpeg, pngClaiming, solidImage } from '@poetry/test-support/images';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createCollection } from '../support/collections.js';
import { authorWithCookie } from '../support/logged-in-authors.js';
import { fetchMedia, keyOf, storedKeys } from '../support/media.js';
import { type FormPart, sendForm } from '../support/multipart.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

const author = () => authorWithCookie(server);

const collectionUrl = (id: string) => `${server.url}/api/me/collection/${id}`;
const putForm = (id: string, cookie: string, parts: FormPart[]) =>
  sendForm(collectionUrl(id), 'PUT', cookie, parts);

async function putImage(id: string, cookie: string, parts: FormPart[]): Promise<Collection> {
  const response = await putForm(id, cookie, parts);
  expect(response.status, await response.clone().text()).toBe(200);
  return CollectionResponse.parse(await response.json()).collection;
}

describe('the image of PUT /api/me/collection/:collectionId', () => {
  it('is re-encoded to a 1200×630 WebP without metadata, set with the text fields sent', async () => {
    const { client, cookie } = await author();
    const { id } = await createCollection(client, { title: 'Draft' });
    const collection = await putImage(id, cookie, [
      ['title', 'Seascapes'],
      ['is_public', 'true'],
      ['image', await phoneJpeg(), 'cover.jpg', 'image/jpeg'],
    ]);

    expect(collection).toMatchObject({ title: 'Seascapes', is_public: true });
    expect(collection.image_url).toMatch(
      new RegExp(`^http://localhost:3000/media/collection/${id}-[0-9a-f]{64}\\.webp$`),
    );
    const response = await fetchMedia(server, collection.image_url as string);
    expect(response.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1200, height: 630 });
    expect(gpsTagsOf(metadata.exif)).toEqual([]);
    expect(metadata.exif).toBeUndefined();
    const { collection: publicView } = await server
      .client()
      .author.collections.get({ params: { authorId: collection.owner.id, collectionId: id } });
    expect(publicView.image_url).toBe(collection.image_url);
  });

  it('replaces the old file, which is deleted; a JSON update keeps the image', async () => {
    const { client, cookie } = await author();
    const { id } = await createCollection(client);
    const first = await putImage(id, cookie, [['image', await solidImage('png'), 'a.png']]);
    const second = await putImage(id, cookie, [
      ['image', await solidImage('gif', 900, 900, '#a3a'), 'b.gif'],
    ]);
    expect(second.image_url).not.toBe(first.image_url);
    const keys = await storedKeys(server);
    expect(keys).toContain(keyOf(second.image_url as string));
    expect(keys).not.toContain(keyOf(first.image_url as string));

    const response = await send(collectionUrl(id), 'PUT', { cookie, body: { title: 'Renamed' } });
    expect(CollectionResponse.parse(await response.json()).collection).toMatchObject({
      title: 'Renamed',
      image_url: second.image_url,
    });
  });

  it('when bad, changes nothing: not the image, not the text fields sent with it, not the disk', async () => {
    const { client, cookie } = await author();
    const { id } = await createCollection(client, { title: 'Kept' });
    const before = await putImage(id, cookie, [['image', await solidImage('png'), 'a.png']]);
    const keysBefore = await storedKeys(server);

    const text = new TextEncoder().encode('this is not a picture');
    for (const [image, status, code] of [
      [text, 415, 'unsupported_media_type'],
      [pngClaiming(30_000, 30_000), 413, 'payload_too_large'],
      [new Uint8Array(6 * 1024 * 1024), 413, 'payload_too_large'],
    ] as const) {
      await expectProblem(
        putForm(id, cookie, [
          ['title', 'Lost'],
          ['is_public', 'true'],
          ['image', image, 'cover.jpg', 'image/jpeg'],
        ]),
        status,
        code,
      );
    }

    const { collection } = await client.me.collections.list().then((page) => ({
      collection: page.collections.find((c) => c.id === id),
    }));
    expect(collection).toMatchObject({ title: 'Kept', is_public: false, image_url: before.image_url });
    expect(await storedKeys(server)).toEqual(keysBefore);
  });

  it("stores nothing for someone else's collection (404)", async () => {
    const { client: owner } = await author();
    const { id } = await createCollection(owner);
    const { cookie } = await author();
    const keysBefore = await storedKeys(server);
    await expectProblem(
      putForm(id, cookie, [['image', await solidImage('png', 700, 700, '#123'), 'a.png']]),
      404,
      'not_found',
    );
    expect(await storedKeys(server)).toEqual(keysBefore);
  });

  it("decodes nothing sent for someone else's collection: a non-image is 404 too, not 415", async () => {
    const { client: owner } = await author();
    const { id } = await createCollection(owner);
    const { cookie } = await author();
    const notAnImage = new TextEncoder().encode('plain text, not a picture');
    await expectProblem(putForm(id, cookie, [['image', notAnImage, 'a.png', 'image/png']]), 404, 'not_found');
    await expectProblem(
      putForm('01900000-0000-7000-8000-000000000000', cookie, [['image', notAnImage, 'a.png']]),
      404,
      'not_found',
    );
  });

  it('goes when the collection is deleted', async () => {
    const { client, cookie } = await author();
    const { id } = await createCollection(client);
    const { image_url } = await putImage(id, cookie, [['image', await solidImage('webp'), 'a.webp']]);
    expect(await storedKeys(server)).toContain(keyOf(image_url as string));

    await client.me.collections.delete({ params: { collectionId: id } });
    expect(await storedKeys(server)).not.toContain(keyOf(image_url as string));
    expect((await fetchMedia(server, image_url as string)).status).toBe(404);
  });
});

describe('DELETE /api/me/collection/:collectionId/image', () => {
  it('removes the image: `image_url` is null, the file deleted and no longer served', async () => {
    const { client, cookie } = await author();
    const { id } = await createCollection(client, { title: 'Seascapes', is_public: true });
    const { image_url } = await putImage(id, cookie, [['image', await solidImage('png'), 'a.png']]);

    const { collection } = await client.me.collections.removeImage({ params: { collectionId: id } });

    expect(collection).toMatchObject({ id, title: 'Seascapes', image_url: null });
    const { collection: publicView } = await server
      .client()
      .author.collections.get({ params: { authorId: collection.owner.id, collectionId: id } });
    expect(publicView.image_url).toBeNull();
    expect(await storedKeys(server)).not.toContain(keyOf(image_url as string));
    expect((await fetchMedia(server, image_url as string)).status).toBe(404);
  });

  it('is idempotent: a collection without an image answers 200 and nothing changes', async () => {
    const { client } = await author();
    const { id } = await createCollection(client, { title: 'Bare' });
    const keys = await storedKeys(server);

    const first = await client.me.collections.removeImage({ params: { collectionId: id } });
    const second = await client.me.collections.removeImage({ params: { collectionId: id } });

    expect(first.collection).toMatchObject({ title: 'Bare', image_url: null });
    expect(second).toEqual(first);
    expect(await storedKeys(server)).toEqual(keys);
  });

  it("is 404 for someone else's collection, an unknown or a malformed id, and removes nothing", async () => {
    const { client: owner, cookie: ownerCookie } = await author();
    const { id } = await createCollection(owner, { is_public: true });
    const { image_url } = await putImage(id, ownerCookie, [['image', await solidImage('webp'), 'a.webp']]);
    const { cookie } = await author();

    for (const collectionId of [id, '01900000-0000-7000-8000-000000000000', 'not-an-id']) {
      await expectProblem(
        send(`${collectionUrl(collectionId)}/image`, 'DELETE', { cookie }),
        404,
        'not_found',
      );
    }
    await expectProblem(send(`${collectionUrl(id)}/image`, 'DELETE'), 401, 'unauthenticated');
    expect(await storedKeys(server)).toContain(keyOf(image_url as string));

    const { collection } = await owner.me.collections.removeImage({ params: { collectionId: id } });
    expect(collection.image_url).toBeNull();
    expect(await storedKeys(server)).not.toContain(keyOf(image_url as string));
  });
});
