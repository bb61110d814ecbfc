import { type PrivateAuthor, PrivateAuthorResponse } from '@poetry/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createS3Storage } from '../../src/media/s3-storage.js';
import { signUp } from '../support/authors.js';
import { cookieOf } from '../support/collections.js';
import { useStarted } from '../support/hooks.js';
import { solidImage } from '../support/images.js';
import { fetchMedia, keyOf, uploadPhotos } from '../support/media.js';
import { startS3 } from '../support/s3.js';
import { useTestServer } from '../support/server.js';

const s3 = useStarted('the S3 server', startS3, (started) => started.close());
const server = useTestServer(() => s3.env);

describe('with MEDIA_DRIVER=s3', () => {
  it('stores photos in the bucket, serves them, and deletes replaced and deleted ones', async () => {
    const bucket = createS3Storage(s3.config);
    /** The content type of the object under `key`, if there is one. */
    const inBucket = async (key: string) => {
      const file = await bucket.get(key);
      file?.body.destroy();
      return file?.contentType;
    };
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
});
