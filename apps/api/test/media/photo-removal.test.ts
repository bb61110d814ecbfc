import { type PrivateAuthor, PrivateAuthorResponse } from '@poetry/contract';
import { solidImage } from '@poetry/test-support/images';
import { describe, expect, it } from 'vitest';
import { authorWithCookie } from '../support/logged-in-authors.js';
import { fetchMedia, keyOf, storedKeys, uploadPhotos } from '../support/media.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

/** An author with both photos; answers their URLs too. */
async function authorWithPhotos() {
  const { client, me, cookie } = await authorWithCookie(server);
  const response = await uploadPhotos(server, cookie, [
    ['profile_photo', await solidImage('png', 500, 500, '#a33'), 'p.png'],
    ['profile_banner_photo', await solidImage('jpeg', 1600, 600, '#33a'), 'b.jpg'],
  ]);
  expect(response.status, await response.clone().text()).toBe(200);
  const { author } = PrivateAuthorResponse.parse(await response.json());
  return {
    client,
    me,
    cookie,
    photo: author.profile_photo_url as string,
    banner: author.profile_banner_photo_url as string,
    shareImage: author.share_image_url as string,
    /** The profile photo's smaller copies. */
    copies: author.profile_photo_sizes.slice(0, -1).map(({ url }) => url),
  };
}

/** Whether the file behind a media URL is stored, and served. */
async function stored(mediaUrl: string) {
  const onDisk = (await storedKeys(server)).includes(keyOf(mediaUrl));
  const served = (await fetchMedia(server, mediaUrl)).status;
  return { onDisk, served };
}

describe('DELETE /api/me/photo/:part', () => {
  it('removes the profile photo: its URL is null, its file deleted; the banner stays', async () => {
    const { client, me, photo, banner, shareImage, copies } = await authorWithPhotos();
    expect(copies).toHaveLength(3);

    const { author } = await client.me.removePhoto({ params: { part: 'profile_photo' } });

    expect(author).toMatchObject({
      id: me.id,
      profile_photo_url: null,
      profile_photo_sizes: [],
      profile_banner_photo_url: banner,
      share_image_url: shareImage,
    });
    expect((await client.me.get()).author).toEqual(author);
    const { author: publicView } = await server.client().author.get({ params: { authorId: me.id } });
    expect(publicView).toMatchObject({ profile_photo_url: null, profile_banner_photo_url: banner });
    for (const file of [photo, ...copies]) expect(await stored(file)).toEqual({ onDisk: false, served: 404 });
    expect(await stored(banner)).toEqual({ onDisk: true, served: 200 });
  });

  it('removes the banner the same way, with its cut for link previews; the profile photo stays', async () => {
    const { client, photo, banner, shareImage } = await authorWithPhotos();

    const { author } = await client.me.removePhoto({ params: { part: 'profile_banner_photo' } });

    expect(author).toMatchObject({
      profile_photo_url: photo,
      profile_banner_photo_url: null,
      share_image_url: null,
    });
    expect(await stored(banner)).toEqual({ onDisk: false, served: 404 });
    expect(await stored(shareImage)).toEqual({ onDisk: false, served: 404 });
    expect(await stored(photo)).toEqual({ onDisk: true, served: 200 });
  });

  it('is idempotent: removing a photo that is not there answers 200 and changes nothing', async () => {
    const { client, banner } = await authorWithPhotos();
    const removed = await client.me.removePhoto({ params: { part: 'profile_photo' } });
    const keys = await storedKeys(server);

    const again = await client.me.removePhoto({ params: { part: 'profile_photo' } });

    expect(again).toEqual(removed);
    expect(await storedKeys(server)).toEqual(keys);
    expect(await stored(banner)).toEqual({ onDisk: true, served: 200 });
  });

  it('then takes a new photo as usual', async () => {
    const { client, cookie } = await authorWithPhotos();
    await client.me.removePhoto({ params: { part: 'profile_photo' } });
    const response = await uploadPhotos(server, cookie, [
      ['profile_photo', await solidImage('png', 500, 500, '#3a3'), 'p.png'],
    ]);
    const { author } = PrivateAuthorResponse.parse(await response.json());
    expect(await stored(author.profile_photo_url as string)).toEqual({ onDisk: true, served: 200 });
  });

  it('is 404 for a part that names no photo, and removes nothing', async () => {
    const { client, cookie, photo, banner } = await authorWithPhotos();
    const before: PrivateAuthor = (await client.me.get()).author;
    for (const part of [
      'photo',
      'image',
      'PROFILE_PHOTO',
      'profile_photo_url',
      'profile_photo%00',
      '__proto__',
    ]) {
      await expectProblem(send(`${server.url}/api/me/photo/${part}`, 'DELETE', { cookie }), 404, 'not_found');
    }
    expect((await client.me.get()).author).toEqual(before);
    expect(await stored(photo)).toEqual({ onDisk: true, served: 200 });
    expect(await stored(banner)).toEqual({ onDisk: true, served: 200 });
  });

  it('needs a login (401)', async () => {
    const { photo } = await authorWithPhotos();
    await expectProblem(send(`${server.url}/api/me/photo/profile_photo`, 'DELETE'), 401, 'unauthenticated');
    expect(await stored(photo)).toEqual({ onDisk: true, served: 200 });
  });
});
