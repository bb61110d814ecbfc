import { writePoem } from '@poetry/test-support/poems';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { loggedInAuthor } from '../support/logged-in-authors.js';
import { collectPages } from '../support/pagination.js';
import { expectProblem } from '../support/problems.js';
import { send, sessionCookie } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

async function publishedPoem() {
  const owner = server.client();
  await signUp(owner);
  return writePoem(owner);
}

describe('likes', () => {
  it('likes and unlikes idempotently, keeping like_count and liked_by_me right', async () => {
    const poem = await publishedPoem();
    const fan = server.client();
    await signUp(fan);
    const params = { poemId: poem.id };
    expect((await fan.poem.likes.like({ params })).poem).toMatchObject({ like_count: 1, liked_by_me: true });
    expect((await fan.poem.likes.like({ params })).poem).toMatchObject({ like_count: 1, liked_by_me: true });
    expect((await server.client().poem.get({ params })).poem).toMatchObject({
      like_count: 1,
      liked_by_me: false,
    });
    expect((await fan.poem.likes.unlike({ params })).poem).toMatchObject({
      like_count: 0,
      liked_by_me: false,
    });
    expect((await fan.poem.likes.unlike({ params })).poem).toMatchObject({
      like_count: 0,
      liked_by_me: false,
    });
  });

  it('counts one like when one author likes a poem 50 times at once, with no server error', async () => {
    const poem = await publishedPoem();
    const fan = server.client();
    const { email, password } = await signUp(fan);
    const cookie = sessionCookie(
      await send(`${server.url}/api/auth/login`, 'POST', { body: { email, password } }),
    );
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => send(`${server.url}/api/poem/${poem.id}/like`, 'PUT', { cookie })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    expect((await server.client().poem.get({ params: { poemId: poem.id } })).poem.like_count).toBe(1);
  });

  // The count is kept by a trigger with one atomic UPDATE: one that read the count and then wrote
  // it would lose likes that commit at the same moment.
  it('counts every like and unlike of many authors at once, exactly', async () => {
    const FANS = 40;
    const poem = await publishedPoem();
    const params = { poemId: poem.id };
    const fans = await Promise.all(Array.from({ length: FANS }, () => loggedInAuthor(server)));
    await Promise.all(fans.map(({ client }) => client.poem.likes.like({ params })));
    expect((await server.client().poem.get({ params })).poem.like_count).toBe(FANS);
    await Promise.all(fans.slice(1).map(({ client }) => client.poem.likes.unlike({ params })));
    expect((await server.client().poem.get({ params })).poem.like_count).toBe(1);
  });

  it('lists the authors who like a poem, most recent first, page by page', async () => {
    const poem = await publishedPoem();
    const fans = [];
    for (let i = 0; i < 5; i += 1) {
      const fan = server.client();
      fans.push(await signUp(fan, { firstname: `Fan${i}`, lastname: 'Reader' }));
      await fan.poem.likes.like({ params: { poemId: poem.id } });
    }
    const likers = await collectPages(async (query) => {
      const { authors, ...cursors } = await server
        .client()
        .poem.likes.list({ params: { poemId: poem.id }, query });
      return { items: authors, ...cursors };
    }, 2);
    expect(likers.map((author) => author.id)).toEqual(fans.map((fan) => fan.id).reverse());
  });

  it('answers 401 to anonymous likes and 404 for poems that are not there', async () => {
    const poem = await publishedPoem();
    await expectProblem(send(`${server.url}/api/poem/${poem.id}/like`, 'PUT'), 401, 'unauthenticated');
    await expectProblem(send(`${server.url}/api/poem/${poem.id}/like`, 'DELETE'), 401, 'unauthenticated');
    const fan = server.client();
    await signUp(fan);
    await expect(fan.poem.likes.like({ params: { poemId: 'nope' } })).rejects.toMatchObject({ status: 404 });
    await expect(
      fan.poem.likes.like({ params: { poemId: '00000000-0000-7000-8000-000000000000' } }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('metrics', () => {
  it('counts each metric separately', async () => {
    const poem = await publishedPoem();
    const client = server.client();
    const params = { poemId: poem.id };
    await client.poem.metrics.increment({ params, body: { metric: 'read' } });
    await client.poem.metrics.increment({ params, body: { metric: 'read' } });
    await client.poem.metrics.increment({ params, body: { metric: 'shared' } });
    const { poem: counted } = await client.poem.metrics.increment({ params, body: { metric: 'clicked' } });
    expect(counted.metrics).toEqual({ read: 2, clicked: 1, shared: 1 });
  });

  it('loses no increment under 200 concurrent requests', async () => {
    const poem = await publishedPoem();
    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        send(`${server.url}/api/poem/${poem.id}/metric`, 'PUT', { body: { metric: 'read' } }),
      ),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect((await server.client().poem.get({ params: { poemId: poem.id } })).poem.metrics.read).toBe(200);
  });

  it('answers an unknown metric with 400 and changes nothing', async () => {
    const poem = await publishedPoem();
    await expectProblem(
      send(`${server.url}/api/poem/${poem.id}/metric`, 'PUT', { body: { metric: 'liked' } }),
      400,
      'validation_failed',
      ['metric'],
    );
    expect((await server.client().poem.get({ params: { poemId: poem.id } })).poem.metrics).toEqual({
      read: 0,
      clicked: 0,
      shared: 0,
    });
  });
});
