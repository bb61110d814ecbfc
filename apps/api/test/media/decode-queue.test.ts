import { eventually } from '@poetry/test-support/eventually';
import { costlyPng, solidImage } from '@poetry/test-support/images';
import { beforeAll, describe, expect, it } from 'vitest';
import { authorWithCookie } from '../support/logged-in-authors.js';
import { FILES_OF_A_PROFILE_PHOTO, storedKeys, uploadPhotos } from '../support/media.js';
import { type FormPart, formSent } from '../support/multipart.js';
import { expectProblem } from '../support/problems.js';
import { useTestServer } from '../support/server.js';

// One decoding, one waiting.
const server = useTestServer({ IMAGE_DECODES_AT_ONCE: '1', IMAGE_DECODE_QUEUE_LENGTH: '1' });

type Author = Awaited<ReturnType<typeof authorWithCookie>>;

const photo = (bytes: Buffer): FormPart[] => [['profile_photo', bytes, 'photo.png']];
/** About a second of a core to decode: what is sent meanwhile finds the gate as the test left it. */
let large: Buffer;
let small: Buffer;
beforeAll(async () => {
  [large, small] = await Promise.all([costlyPng(7_000, 7_000), solidImage('png', 300, 300)]);
});

/**
 * Sends the large photo, and settles once it has its place at the gate (decoding or waiting):
 * an upload is counted against its author's allowance, then takes its place in the same turn of
 * the event loop, so once the count is seen, the upload has its place.
 */
async function placed({ me, cookie }: Author) {
  const sent = await formSent(`${server.url}/api/me/photo`, 'POST', cookie, photo(large));
  await eventually(`the upload of ${me.id} to be counted`, async () => {
    const { rows } = await server.pool.query('SELECT 1 FROM rate_limit WHERE key LIKE $1', [`%${me.id}`]);
    return rows.length > 0;
  });
  return sent;
}

const authors = (count: number) => Promise.all(Array.from({ length: count }, () => authorWithCookie(server)));
const photoOf = async ({ client }: Author) => (await client.me.get()).author.profile_photo_url;

describe('the image decode queue', () => {
  it('refuses uploads past its length with 503 and Retry-After, changing nothing, and decodes the waiting ones', async () => {
    const [decoding, waiting, ...late] = (await authors(4)) as [Author, Author, ...Author[]];
    const keysBefore = (await storedKeys(server)).length;
    const uploads = [await placed(decoding), await placed(waiting)];

    for (const author of late) {
      const refused = await uploadPhotos(server, author.cookie, photo(large));
      const retryAfter = refused.headers.get('retry-after');
      await expectProblem(Promise.resolve(refused), 503, 'unavailable');
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect(await photoOf(author)).toBeNull();
    }
    expect(await Promise.all(uploads.map((upload) => upload.status))).toEqual([200, 200]);
    expect(await photoOf(decoding)).not.toBeNull();
    expect(await photoOf(waiting)).not.toBeNull();
    expect(await storedKeys(server)).toHaveLength(keysBefore + 2 * FILES_OF_A_PROFILE_PHOTO);
  });

  it('never decodes a waiting upload whose client has gone, and gives its place to the next', async () => {
    const [decoding, leaving, probe, next] = (await authors(4)) as [Author, Author, Author, Author];
    const keysBefore = (await storedKeys(server)).length;
    const first = await placed(decoding);
    const abandoned = await placed(leaving);
    await expectProblem(uploadPhotos(server, probe.cookie, photo(small)), 503, 'unavailable');

    abandoned.abandon();
    expect((await uploadPhotos(server, next.cookie, photo(small))).status).toBe(200);
    expect(await first.status).toBe(200);
    // First come first served: had the abandoned upload been decoded, it would have been before `next`.
    expect(await photoOf(leaving)).toBeNull();
    expect(await storedKeys(server)).toHaveLength(keysBefore + 2 * FILES_OF_A_PROFILE_PHOTO);
  });
});
