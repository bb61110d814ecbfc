import { PrivateAuthorResponse } from '@poetry/contract';
import { solidImage } from '@poetry/test-support/images';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { cookieOf, createCollection } from '../support/collections.js';
import { keyOf, storedKeys, uploadPhotos } from '../support/media.js';
import { sendForm } from '../support/multipart.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

/** An author with both photos and two collections with images; answers the keys of all their files. */
async function authorWithFiles(colour: string) {
  const client = server.client();
  await signUp(client);
  const cookie = await cookieOf(client, server.url);
  const response = await uploadPhotos(server, cookie, [
    ['profile_photo', await solidImage('png', 500, 500, colour), 'p.png'],
    ['profile_banner_photo', await solidImage('jpeg', 1600, 600, colour), 'b.jpg'],
  ]);
  const { author } = PrivateAuthorResponse.parse(await response.json());
  // The profile photo at each of its sizes: every one of its files.
  const photos = author.profile_photo_sizes.map(({ url }) => url);
  const keys = [...photos, author.profile_banner_photo_url, author.share_image_url].map((url) =>
    keyOf(url as string),
  );
  for (const title of ['One', 'Two']) {
    const { id } = await createCollection(client, { title });
    const updated = await sendForm(`${server.url}/api/me/collection/${id}`, 'PUT', cookie, [
      ['image', await solidImage('png', 1300, 700, colour), 'c.png'],
    ]);
    const { collection } = (await updated.json()) as { collection: { image_url: string } };
    keys.push(keyOf(collection.image_url));
  }
  return { client, keys };
}

describe('DELETE /api/me', () => {
  it("deletes the author's photos and their collections' images, and no one else's", async () => {
    const leaving = await authorWithFiles('#a33');
    const staying = await authorWithFiles('#3a3');
    const stored = await storedKeys(server);
    expect(stored).toEqual(expect.arrayContaining([...leaving.keys, ...staying.keys]));

    await leaving.client.me.delete();

    const left = await storedKeys(server);
    for (const key of leaving.keys) expect(left).not.toContain(key);
    expect(left).toEqual(expect.arrayContaining(staying.keys));
  });
});
