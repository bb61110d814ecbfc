import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { type PrivateAuthor, PrivateAuthorResponse } from '@poetry/contract';
import {
  colourAt,
  gpsTagsOf,
  noisyPng,
  phoneJpeg,
  pngClaiming,
  solidImage,
} from '@poetry/test-support/images';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { authorWithCookie } from '../support/logged-in-authors.js';
import { fetchMedia, keyOf, mediaDirOf, storedBytes, storedKeys, uploadPhotos } from '../support/media.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

const author = () => authorWithCookie(server);

async function upload(cookie: string, parts: Parameters<typeof uploadPhotos>[2]): Promise<PrivateAuthor> {
  const response = await uploadPhotos(server, cookie, parts);
  expect(response.status, await response.clone().text()).toBe(200);
  return PrivateAuthorResponse.parse(await response.json()).author;
}

/** The stored image a media URL names, as served. */
async function served(mediaUrl: string | null) {
  expect(mediaUrl).not.toBeNull();
  const response = await fetchMedia(server, mediaUrl as string);
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { bytes, metadata: await sharp(bytes).metadata() };
}

describe('POST /api/me/photo', () => {
  it('re-encodes a PNG profile photo to a 400×400 WebP under a key derived from its bytes', async () => {
    const { client, me, cookie } = await author();
    const author_ = await upload(cookie, [['profile_photo', await solidImage('png'), 'me.png', 'image/png']]);

    expect(author_.profile_photo_url).toMatch(
      new RegExp(`^http://localhost:3000/media/profile/${me.id}-[0-9a-f]{64}\\.webp$`),
    );
    expect(author_.profile_banner_photo_url).toBeNull();
    expect(author_.share_image_url).toBeNull();
    const { bytes, metadata } = await served(author_.profile_photo_url);
    expect(metadata).toMatchObject({ format: 'webp', width: 400, height: 400 });
    const key = keyOf(author_.profile_photo_url as string);
    expect(key).toContain(createHash('sha256').update(bytes).digest('hex'));
    expect(await storedBytes(server, key)).toEqual(bytes);
    expect((await client.me.get()).author.profile_photo_url).toBe(author_.profile_photo_url);
    const { author: publicView } = await server.client().author.get({ params: { authorId: me.id } });
    expect(publicView.profile_photo_url).toBe(author_.profile_photo_url);
  });

  it('keeps the profile photo 48, 96 and 192 pixels wide beside it, each at the URL the record names', async () => {
    const { me, cookie } = await author();
    const author_ = await upload(cookie, [['profile_photo', await solidImage('jpeg', 900, 600), 'me.jpg']]);

    const sizes = author_.profile_photo_sizes;
    expect(sizes.map(({ width }) => width)).toEqual([48, 96, 192, 400]);
    expect(sizes.at(-1)?.url).toBe(author_.profile_photo_url);
    const key = keyOf(author_.profile_photo_url as string);
    for (const { width, url } of sizes) {
      expect(keyOf(url)).toBe(width === 400 ? key : key.replace('.webp', `-${width}.webp`));
      expect((await served(url)).metadata).toMatchObject({ format: 'webp', width, height: width });
      expect(await storedKeys(server)).toContain(keyOf(url));
    }
    const { author: publicView } = await server.client().author.get({ params: { authorId: me.id } });
    expect(publicView.profile_photo_sizes).toEqual(sizes);
  });

  it('makes the smaller copies of a photo stored without them on their first ask, and keeps them', async () => {
    const { cookie } = await author();
    const author_ = await upload(cookie, [['profile_photo', await solidImage('png'), 'me.png']]);
    const copies = author_.profile_photo_sizes.slice(0, -1);
    // As a photo uploaded before the copies were made at upload is stored: alone.
    for (const { url } of copies) await rm(path.join(mediaDirOf(server), keyOf(url)));
    expect(await storedKeys(server)).not.toContain(keyOf(copies[0]?.url as string));

    for (const { width, url } of copies) {
      const { bytes, metadata } = await served(url);
      expect(metadata).toMatchObject({ format: 'webp', width, height: width });
      expect(await storedBytes(server, keyOf(url))).toEqual(bytes);
      expect((await served(url)).bytes).toEqual(bytes);
    }
  });

  it('turns a phone JPEG upright, crops it to a 1500×500 banner and drops its EXIF and GPS data', async () => {
    const jpeg = await phoneJpeg();
    const original = await sharp(jpeg).metadata();
    expect(original).toMatchObject({ format: 'jpeg', orientation: 6 });
    expect(gpsTagsOf(original.exif)).toEqual(expect.arrayContaining([1, 2, 3, 4]));
    expect(jpeg.includes('SecretCam')).toBe(true);

    const { cookie } = await author();
    const author_ = await upload(cookie, [['profile_banner_photo', jpeg, 'IMG_0001.JPG', 'image/jpeg']]);

    const { bytes, metadata } = await served(author_.profile_banner_photo_url);
    expect(metadata).toMatchObject({ format: 'webp', width: 1500, height: 500 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(gpsTagsOf(metadata.exif)).toEqual([]);
    expect(bytes.includes('SecretCam')).toBe(false);
    expect(bytes.includes('Exif')).toBe(false);
    // Upright, the red half is on top; as stored (sideways) it was on the left.
    expect(await colourAt(bytes, 750, 20)).toBe('red');
    expect(await colourAt(bytes, 750, 480)).toBe('blue');

    // Cut again for link previews, as cleanly.
    const share = await served(author_.share_image_url);
    expect(share.metadata).toMatchObject({ format: 'webp', width: 1200, height: 630 });
    expect(share.metadata.exif).toBeUndefined();
    expect(share.bytes.includes('SecretCam')).toBe(false);
    expect(await colourAt(share.bytes, 600, 20)).toBe('red');
    expect(await colourAt(share.bytes, 600, 610)).toBe('blue');
  });

  it('takes both photos at once, in any of the four formats, judged by content', async () => {
    const { cookie } = await author();
    const author_ = await upload(cookie, [
      ['profile_photo', await solidImage('gif', 300, 300), 'photo.png', 'image/png'],
      ['profile_banner_photo', await solidImage('webp', 2000, 400), 'banner', 'application/octet-stream'],
    ]);
    expect((await served(author_.profile_photo_url)).metadata).toMatchObject({ width: 400, height: 400 });
    expect((await served(author_.profile_banner_photo_url)).metadata).toMatchObject({
      width: 1500,
      height: 500,
    });
  });

  it('takes a photo of several megabytes, which multer reads over many socket events', async () => {
    // A body this big reaches multer over many socket events, whose callbacks run outside the
    // request's async context; small bodies arrive at once and would not notice a lost ORM context.
    const png = await noisyPng();
    expect(png.length).toBeGreaterThan(3 * 1024 * 1024);
    const { cookie } = await author();
    const author_ = await upload(cookie, [['profile_photo', png, 'noise.png', 'image/png']]);
    expect((await served(author_.profile_photo_url)).metadata).toMatchObject({ width: 400, height: 400 });
  });

  it('deletes the file it replaces, and keeps the file when the same picture comes again', async () => {
    const { cookie } = await author();
    const first = await upload(cookie, [['profile_photo', await solidImage('png'), 'a.png']]);
    const firstKey = keyOf(first.profile_photo_url as string);
    expect(await storedKeys(server)).toContain(firstKey);

    const second = await upload(cookie, [
      ['profile_photo', await solidImage('png', 500, 500, '#a33'), 'b.png'],
    ]);
    const secondKey = keyOf(second.profile_photo_url as string);
    expect(secondKey).not.toBe(firstKey);
    const keys = await storedKeys(server);
    expect(keys).toContain(secondKey);
    expect(keys).not.toContain(firstKey);
    expect(keys.filter((key) => key.startsWith(firstKey.replace('.webp', '')))).toEqual([]);
    expect((await fetchMedia(server, first.profile_photo_url as string)).status).toBe(404);

    const again = await upload(cookie, [
      ['profile_photo', await solidImage('png', 500, 500, '#a33'), 'c.png'],
    ]);
    expect(again.profile_photo_url).toBe(second.profile_photo_url);
    expect(await storedKeys(server)).toContain(secondKey);
  });
});

describe('POST /api/me/photo refuses', () => {
  it('a bad upload with a clear 4xx, storing nothing and changing nothing', async () => {
    const { client, cookie } = await author();
    const before = await upload(cookie, [['profile_photo', await solidImage('png'), 'a.png']]);
    const keysBefore = await storedKeys(server);
    const goodPhoto = await solidImage('jpeg', 640, 640, '#33a');
    const jpeg = await phoneJpeg();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));

    const refusals: [Parameters<typeof uploadPhotos>[2], number, string][] = [
      [
        [['profile_photo', new TextEncoder().encode('just some text'), 'photo.jpg', 'image/jpeg']],
        415,
        'unsupported_media_type',
      ],
      [
        [
          [
            'profile_photo',
            new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'),
            'a.svg',
            'image/svg+xml',
          ],
        ],
        415,
        'unsupported_media_type',
      ],
      [[['profile_photo', truncated, 'cut.jpg', 'image/jpeg']], 415, 'unsupported_media_type'],
      [
        [['profile_photo', new Uint8Array(6 * 1024 * 1024).fill(7), 'big.png', 'image/png']],
        413,
        'payload_too_large',
      ],
      [[['profile_photo', pngClaiming(30_000, 30_000), 'bomb.png', 'image/png']], 413, 'payload_too_large'],
      [[['profile_photo', pngClaiming(10_000, 6_000), 'bomb.png', 'image/png']], 413, 'payload_too_large'],
      [[['profile_photo', pngClaiming(20_000, 10), 'strip.png', 'image/png']], 413, 'payload_too_large'],
      // One good and one bad part: neither is kept.
      [
        [
          ['profile_photo', goodPhoto, 'good.jpg', 'image/jpeg'],
          ['profile_banner_photo', new TextEncoder().encode('GIF89a, honest'), 'b.gif', 'image/gif'],
        ],
        415,
        'unsupported_media_type',
      ],
      [[], 400, 'validation_failed'],
      [[['avatar', goodPhoto, 'a.jpg', 'image/jpeg']], 400, 'validation_failed'],
      [[['profile_photo', 'not a file']], 400, 'validation_failed'],
      [
        [
          ['profile_photo', goodPhoto, 'a.jpg', 'image/jpeg'],
          ['caption', 'me'],
        ],
        400,
        'validation_failed',
      ],
    ];
    for (const [parts, status, code] of refusals) {
      await expectProblem(uploadPhotos(server, cookie, parts), status, code);
    }
    await expectProblem(
      send(`${server.url}/api/me/photo`, 'POST', { cookie, body: {} }),
      400,
      'validation_failed',
    );

    expect(await storedKeys(server)).toEqual(keysBefore);
    expect((await client.me.get()).author).toMatchObject({
      profile_photo_url: before.profile_photo_url,
      profile_banner_photo_url: null,
    });
  });

  it('names the part at fault, and what is wrong with it', async () => {
    const { cookie } = await author();
    const problem = await expectProblem(
      uploadPhotos(server, cookie, [['profile_banner_photo', pngClaiming(30_000, 30_000), 'b.png']]),
      413,
      'payload_too_large',
      ['profile_banner_photo'],
    );
    expect(problem.detail).toMatch(/30000×30000/);
    expect(problem.errors?.[0]?.code).toBe('too_many_pixels');
    const oversized = await expectProblem(
      uploadPhotos(server, cookie, [['profile_banner_photo', new Uint8Array(6 * 1024 * 1024), 'b.png']]),
      413,
      'payload_too_large',
      ['profile_banner_photo'],
    );
    expect(oversized.errors?.[0]).toMatchObject({ code: 'too_large', message: 'Must be at most 5 MB' });
    const notAnImage = await expectProblem(
      uploadPhotos(server, cookie, [['profile_photo', new TextEncoder().encode('hello'), 'a.jpg']]),
      415,
      'unsupported_media_type',
      ['profile_photo'],
    );
    expect(notAnImage.errors?.[0]?.code).toBe('not_an_image');
    const none = await expectProblem(uploadPhotos(server, cookie, []), 400, 'validation_failed');
    expect(none.errors?.map(({ code }) => code)).toEqual(['required', 'required']);
  });

  it('anyone not logged in with 401, before reading the body', async () => {
    await expectProblem(
      uploadPhotos(server, undefined, [['profile_photo', await solidImage('png'), 'a.png']]),
      401,
      'unauthenticated',
    );
  });
});
