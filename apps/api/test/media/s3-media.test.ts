import { CollectionResponse, type PrivateAuthor, PrivateAuthorResponse } from '@poetry/contract';
import { useStarted } from '@poetry/test-support/hooks';
import { solidImage } from '@poetry/test-support/images';
import { startS3 } from '@poetry/test-support/s3';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createS3Storage } from '../../src/media/s3-storage.js';
import { signUp } from '../support/authors.js';
import { cookieOf, createCollection } from '../support/collections.js';
import { fetchMedia, keyOf, uploadPhotos } from '../support/media.js';
import { sendForm } from '../support/multipart.js';
import { useTestServer } from '../support/server.js';

const s3 = useStarted('the S3 server', startS3, (started) => started.close());
const server = useTestServer(() => s3.env);

/** The content type of the object under `key` in the bucket, if there is one. */
async function inBucket(key: string) {
  const file = await createS3Storage(s3.config).get(key);
  file?.body.destroy();
  return file?.contentType;
}

describe('with MEDIA_DRIVER=s3', () => {
  it('stores photos in the bucket, serves them, and deletes replaced and deleted ones', async () => {
    const client = server.client();
    await signUp(client);
    const cookie = await cookieOf(client, server.url);
    const upload = async (colour: string): Promise<PrivateAuthor> => {
      const response = await uploadPhotos(server, cookie, [
        ['profile_photo', await solidImage('png', 600, 600, colour), 'me.png'],
      ]);
      expect(response.status, await response.clone().text()).toBe(200);
      return PrivateAuthorResponse.parse(await response.json()).author;
    };

    const first = await upload('#a33');
    const firstKey = keyOf(first.profile_photo_url as string);
    expect(await inBucket(firstKey)).toBe('image/webp');
    const response = await fetchMedia(server, first.profile_photo_url as string);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({
      width: 400,
      height: 400,
    });

    const second = await upload('#3a3');
    const secondKey = keyOf(second.profile_photo_url as string);
    expect(await inBucket(firstKey)).toBeUndefined();
    expect(await inBucket(secondKey)).toBe('image/webp');

    await client.me.delete();
    expect(await inBucket(secondKey)).toBeUndefined();
  });

  it('deletes a removed photo and a removed collection image from the bucket', async () => {
    const client = server.client();
    await signUp(client);
    const cookie = await cookieOf(client, server.url);
    const uploaded = await uploadPhotos(server, cookie, [
      ['profile_banner_photo', await solidImage('png', 1600, 600, '#33a'), 'b.png'],
    ]);
    const banner = PrivateAuthorResponse.parse(await uploaded.json()).author
      .profile_banner_photo_url as string;
    const { id } = await createCollection(client);
    const updated = await sendForm(`${server.url}/api/me/collection/${id}`, 'PUT', cookie, [
      ['image', await solidImage('png', 1300, 700, '#3a3'), 'c.png'],
    ]);
    const image = CollectionResponse.parse(await updated.json()).collection.image_url as string;
    for (const url of [banner, image]) expect(await inBucket(keyOf(url))).toBe('image/webp');

    const { author } = await client.me.removePhoto({ params: { part: 'profile_banner_photo' } });
    const { collection } = await client.me.collections.removeImage({ params: { collectionId: id } });

    expect(author.profile_banner_photo_url).toBeNull();
    expect(collection.image_url).toBeNull();
    for (const url of [banner, image]) {
      expect(await inBucket(keyOf(url))).toBeUndefined();
      expect((await fetchMedia(server, url)).status).toBe(404);
    }
  });
});
