import { describe, expect, it } from 'vitest';
import { costlyPng } from '../support/images.js';
import { authorWithCookie } from '../support/logged-in-authors.js';
import { storedKeys, uploadPhotos } from '../support/media.js';
import { expectProblem } from '../support/problems.js';
import { useTestServer } from '../support/server.js';

const AT_ONCE = 1;
const QUEUE_LENGTH = 1;
/** More than the gate runs and queues together, so that some must be refused. */
const UPLOADS = 4;

const server = useTestServer({
  IMAGE_DECODES_AT_ONCE: String(AT_ONCE),
  IMAGE_DECODE_QUEUE_LENGTH: String(QUEUE_LENGTH),
});

describe('the image decode queue', () => {
  it('refuses uploads past its length with 503 and Retry-After, changing nothing, and decodes the waiting ones', async () => {
    // One author each, so that each refusal can be seen to leave its author unchanged. An image
    // that takes about a second to decode: every upload reaches the gate while the first decodes.
    const authors = await Promise.all(Array.from({ length: UPLOADS }, () => authorWithCookie(server)));
    const png = await costlyPng(7_000, 7_000);
    const answers = await Promise.all(
      authors.map(({ cookie }) => uploadPhotos(server, cookie, [['profile_photo', png, 'big.png']])),
    );

    const sent = authors.map((author, i) => ({ ...author, answer: answers[i] as Response }));
    const done = sent.filter(({ answer }) => answer.status === 200);
    const refused = sent.filter(({ answer }) => answer.status !== 200);
    expect(done.length, 'the decoding one and the waiting ones are done').toBe(AT_ONCE + QUEUE_LENGTH);
    for (const { answer, client } of refused) {
      const retryAfter = answer.headers.get('retry-after');
      await expectProblem(Promise.resolve(answer), 503, 'unavailable');
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect((await client.me.get()).author.profile_photo_url).toBeNull();
    }
    for (const { client } of done) {
      expect((await client.me.get()).author.profile_photo_url).not.toBeNull();
    }
    expect(await storedKeys(server)).toHaveLength(done.length);
  });
});
