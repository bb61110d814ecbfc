import { solidImage } from '@poetry/test-support/images';
import { describe, expect, it } from 'vitest';
import { createCollection } from '../support/collections.js';
import { authorWithCookie } from '../support/logged-in-authors.js';
import { sendForm } from '../support/multipart.js';
import { expectProblem } from '../support/problems.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer({ UPLOADS_PER_ACCOUNT: '3' });

describe('uploads per account', () => {
  it('counts every image an author sends, photos and collection images alike, and no other part', async () => {
    const { client, cookie } = await authorWithCookie(server);
    const { id } = await createCollection(client);
    const png = await solidImage('png', 300, 300);
    const photo = () =>
      sendForm(`${server.url}/api/me/photo`, 'POST', cookie, [['profile_photo', png, 'a.png']]);
    const collection = (parts: Parameters<typeof sendForm>[3]) =>
      sendForm(`${server.url}/api/me/collection/${id}`, 'PUT', cookie, parts);

    expect((await photo()).status).toBe(200);
    expect((await collection([['title', 'No image, not counted']])).status).toBe(200);
    expect((await collection([['image', png, 'a.png']])).status).toBe(200);
    expect((await photo()).status).toBe(200);

    const refused = await photo();
    await expectProblem(Promise.resolve(refused.clone()), 429, 'rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await expectProblem(collection([['image', png, 'a.png']]), 429, 'rate_limited');
    expect((await client.me.get()).author.profile_photo_url).not.toBeNull();

    const other = await authorWithCookie(server);
    const response = await sendForm(`${server.url}/api/me/photo`, 'POST', other.cookie, [
      ['profile_photo', png, 'a.png'],
    ]);
    expect(response.status).toBe(200);
  });
});
