import { PrivateAuthorResponse } from '@poetry/contract';
import { solidImage } from '@poetry/test-support/images';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { cookieOf } from '../support/collections.js';
import { fetchMedia, keyOf, storedBytes, uploadPhotos } from '../support/media.js';
import { expectProblem } from '../support/problems.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();
let photoUrl: string;
beforeAll(async () => {
  const client = server.client();
  await signUp(client);
  const response = await uploadPhotos(server, await cookieOf(client, server.url), [
    ['profile_photo', await solidImage('png'), 'me.png'],
  ]);
  photoUrl = PrivateAuthorResponse.parse(await response.json()).author.profile_photo_url as string;
});

describe('GET /media/<key>', () => {
  it('serves the stored bytes with their type, cached for a year, never sniffed, to anyone', async () => {
    const response = await fetchMedia(server, photoUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('set-cookie')).toBeNull();
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes).toEqual(await storedBytes(server, keyOf(photoUrl)));
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
  });

  it('answers HEAD with the headers alone', async () => {
    const response = await fetchMedia(server, photoUrl, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers 404 problem+json for an unknown key and for anything that is not a key', async () => {
    const key = keyOf(photoUrl);
    const unknown = key.replace(/[0-9a-f]{64}/, '0'.repeat(64));
    for (const path of [
      unknown,
      key.replace('profile/', 'banner/'),
      key.replace('.webp', '.png'),
      // Copies its kind does not keep; a copy of an image that is not there; a banner's.
      key.replace('.webp', '-50.webp'),
      key.replace('.webp', '-048.webp'),
      unknown.replace('.webp', '-96.webp'),
      key.replace('profile/', 'banner/').replace('.webp', '-96.webp'),
      'profile',
      '',
      '..%2f..%2fpackage.json',
      '%2e%2e/%2e%2e/package.json',
      `profile/..%2f..%2f${key}`,
      `${key}%00`,
    ]) {
      await expectProblem(fetch(`${server.url}/media/${path}`), 404, 'not_found');
    }
  });
});
