import { writePoem } from '@poetry/test-support/poems';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { authorWithCookie } from '../support/logged-in-authors.js';
import { collectPages } from '../support/pagination.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

describe('my poems', () => {
  it('creates an unpublished draft with an empty title and body', async () => {
    const client = server.client();
    const author = await signUp(client);
    const { poem } = await client.me.poems.create({ body: {} });
    expect(poem).toMatchObject({
      title: '',
      body: '',
      tags: [],
      is_published: false,
      published_at: null,
      like_count: 0,
      liked_by_me: false,
      metrics: { read: 0, clicked: 0, shared: 0 },
      author: { id: author.id, username: author.username },
    });
    expect((await client.me.poems.get({ params: { poemId: poem.id } })).poem.id).toBe(poem.id);
  });

  it('creates a draft from no body or an empty object, and refuses a field with 400, creating nothing', async () => {
    const { client, cookie } = await authorWithCookie(server);
    const url = `${server.url}/api/me/poem`;
    expect((await send(url, 'POST', { cookie })).status).toBe(201);
    expect((await send(url, 'POST', { cookie, body: {} })).status).toBe(201);
    await expectProblem(send(url, 'POST', { cookie, body: { title: 'Ode' } }), 400, 'validation_failed');
    expect((await client.me.poems.list()).poems).toHaveLength(2);
  });

  it('edits the fields sent: tags normalised, <br> turned into line breaks, other markup kept', async () => {
    const client = server.client();
    await signUp(client);
    const { poem } = await client.me.poems.create({ body: {} });
    const { poem: edited } = await client.me.poems.update({
      params: { poemId: poem.id },
      body: {
        title: 'The Tyger',
        body: 'Tyger Tyger,<br>burning bright<BR />in <i>the</i> forests',
        tags: [' Blake ', 'night', 'blake'],
      },
    });
    expect(edited).toMatchObject({
      title: 'The Tyger',
      body: 'Tyger Tyger,\nburning bright\nin <i>the</i> forests',
      tags: ['blake', 'night'],
      is_published: false,
    });
    const { poem: retitled } = await client.me.poems.update({
      params: { poemId: poem.id },
      body: { title: 'Tyger' },
    });
    expect(retitled).toMatchObject({ title: 'Tyger', tags: ['blake', 'night'] });
  });

  it('publishes and unpublishes, setting published_at at the first publication and keeping it', async () => {
    const client = server.client();
    await signUp(client);
    const draft = await writePoem(client, { publish: false });
    const { poem: published } = await client.me.poems.update({
      params: { poemId: draft.id },
      body: { is_published: true },
    });
    expect(published.is_published).toBe(true);
    expect(Date.parse(published.published_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const { poem: again } = await client.me.poems.update({
      params: { poemId: draft.id },
      body: { is_published: true },
    });
    expect(again.published_at).toBe(published.published_at);
    const { poem: unpublished } = await client.me.poems.update({
      params: { poemId: draft.id },
      body: { is_published: false },
    });
    expect(unpublished).toMatchObject({ is_published: false, published_at: published.published_at });
    const { poem: republished } = await client.me.poems.update({
      params: { poemId: draft.id },
      body: { is_published: true },
    });
    expect(republished).toMatchObject({ is_published: true, published_at: published.published_at });
  });

  it('refuses to publish a poem whose title or body is empty with 422, changing nothing', async () => {
    const client = server.client();
    await signUp(client);
    const { poem } = await client.me.poems.create({ body: {} });
    await expect(
      client.me.poems.update({ params: { poemId: poem.id }, body: { is_published: true } }),
    ).rejects.toMatchObject({
      status: 422,
      code: 'unprocessable',
      errors: [{ path: 'title' }, { path: 'body' }],
    });
    const published = await writePoem(client);
    await expect(
      client.me.poems.update({ params: { poemId: published.id }, body: { body: '   ' } }),
    ).rejects.toMatchObject({ status: 422 });
    expect((await client.me.poems.get({ params: { poemId: published.id } })).poem.body).toBe(published.body);
    expect((await client.me.poems.get({ params: { poemId: poem.id } })).poem.is_published).toBe(false);
  });

  it('rejects bad fields with 400 naming them', async () => {
    const client = server.client();
    await signUp(client);
    const { poem } = await client.me.poems.create({ body: {} });
    await expect(
      client.me.poems.update({
        params: { poemId: poem.id },
        body: { title: 'x'.repeat(201), tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      }),
    ).rejects.toMatchObject({
      status: 400,
      errors: [
        { path: 'title', code: 'too_long' },
        { path: 'tags', code: 'too_many' },
      ],
    });
    await expect(
      client.me.poems.update({
        params: { poemId: poem.id },
        body: { tags: ['sea', 'x'.repeat(41), ' '] },
      }),
    ).rejects.toMatchObject({
      status: 400,
      errors: [
        { path: 'tags.1', code: 'too_long' },
        { path: 'tags.2', code: 'required' },
      ],
    });
    await expect(
      client.me.poems.update({ params: { poemId: poem.id }, body: { is_published: 'yes' } as never }),
    ).rejects.toMatchObject({ status: 400, errors: [{ path: 'is_published', code: 'invalid' }] });
    await expect(
      client.me.poems.update({ params: { poemId: poem.id }, body: { author_id: 'someone' } as never }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('lists my poems in every state, newest first, page by page', async () => {
    const client = server.client();
    await signUp(client);
    const written = [];
    for (let i = 0; i < 5; i += 1)
      written.push(await writePoem(client, { title: `P${i}`, publish: i % 2 === 0 }));
    const listed = await collectPages(async (page) => {
      const { poems, ...cursors } = await client.me.poems.list({ query: page });
      return { items: poems, ...cursors };
    }, 2);
    expect(listed.map((poem) => poem.title)).toEqual(['P4', 'P3', 'P2', 'P1', 'P0']);
  });

  it("answers 404 for someone else's poem and for ids that are not ids", async () => {
    const owner = server.client();
    await signUp(owner);
    const poem = await writePoem(owner);
    const other = server.client();
    await signUp(other);
    await expect(other.me.poems.get({ params: { poemId: poem.id } })).rejects.toMatchObject({ status: 404 });
    await expect(
      other.me.poems.update({ params: { poemId: poem.id }, body: { title: 'Mine now' } }),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(other.me.poems.delete({ params: { poemId: poem.id } })).rejects.toMatchObject({
      status: 404,
    });
    await expect(owner.me.poems.get({ params: { poemId: 'not-a-uuid' } })).rejects.toMatchObject({
      status: 404,
    });
    expect((await owner.me.poems.get({ params: { poemId: poem.id } })).poem.title).toBe(poem.title);
  });

  it('deletes a poem with its likes', async () => {
    const owner = server.client();
    const author = await signUp(owner);
    const poem = await writePoem(owner);
    const fan = server.client();
    await signUp(fan);
    await fan.poem.likes.like({ params: { poemId: poem.id } });
    const { poem: deleted } = await owner.me.poems.delete({ params: { poemId: poem.id } });
    expect(deleted).toMatchObject({ id: poem.id, like_count: 1 });
    await expect(owner.me.poems.get({ params: { poemId: poem.id } })).rejects.toMatchObject({ status: 404 });
    await expect(fan.poem.get({ params: { poemId: poem.id } })).rejects.toMatchObject({ status: 404 });
    const { rows } = await server.pool.query('SELECT count(*)::int AS n FROM poem_like WHERE poem_id = $1', [
      poem.id,
    ]);
    expect(rows[0].n).toBe(0);
    expect((await owner.me.get()).author).toMatchObject({ id: author.id, poems_count: 0 });
  });

  it('answers 401 to anonymous callers', async () => {
    await expectProblem(send(`${server.url}/api/me/poem`, 'GET'), 401, 'unauthenticated');
    await expectProblem(send(`${server.url}/api/me/poem`, 'POST', { body: {} }), 401, 'unauthenticated');
  });
});
