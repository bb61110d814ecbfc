import { writePoem } from '@poetry/test-support/poems';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { addPoems, createCollection } from '../support/collections.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

const privateLink = (shareKey: string) => `${server.url}/api/poem/private/${shareKey}`;

describe('private share links', () => {
  it("gives every poem a key of at least 128 random bits, on its owner's views only", async () => {
    const owner = server.client();
    await signUp(owner);
    const { poem: created } = await owner.me.poems.create({ body: {} });
    const draft = await writePoem(owner, { publish: false });
    const published = await writePoem(owner);
    const keys = [created.share_key, draft.share_key, published.share_key];
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(new Set(keys).size).toBe(3);
    expect((await owner.me.poems.get({ params: { poemId: draft.id } })).poem.share_key).toBe(draft.share_key);
    expect((await owner.me.poems.list()).poems.map((poem) => poem.share_key)).toEqual(keys.reverse());

    // The published poem's public views, to its owner too, never carry its key.
    const publicViews = [
      `/api/poem/${published.id}`,
      `/api/poem?q=traveller`,
      `/api/author/${published.author.id}/poem`,
      `/api/author/${published.author.id}/poem/${published.id}`,
      `/api/poem/private/${published.share_key}`,
    ];
    const cookie = await owner.session.header(server.url);
    for (const path of publicViews) {
      const answer = await send(`${server.url}${path}`, 'GET', { cookie });
      expect(answer.status, path).toBe(200);
      const text = await answer.text();
      expect(text, path).toContain(published.id);
      expect(text, path).not.toContain(published.share_key);
      expect(text, path).not.toContain('share_key');
    }
  });

  it('opens a draft to anyone with the link, logged in or not, and to no one without it', async () => {
    const owner = server.client();
    await signUp(owner);
    const draft = await writePoem(owner, { title: 'Not yet', body: 'a draft for friends', publish: false });
    const other = server.client();
    await signUp(other);

    for (const reader of [server.client(), other, owner]) {
      const { poem } = await reader.poem.private.get({ params: { shareKey: draft.share_key } });
      expect(poem).toMatchObject({
        id: draft.id,
        title: 'Not yet',
        body: 'a draft for friends',
        is_published: false,
      });
      expect(poem).not.toHaveProperty('share_key');
      expect(poem).not.toHaveProperty('publish_at');
    }
    await expect(other.poem.get({ params: { poemId: draft.id } })).rejects.toMatchObject({ status: 404 });
    await expect(other.me.poems.get({ params: { poemId: draft.id } })).rejects.toMatchObject({ status: 404 });
  });

  it('replaces the key: the old link is 404 at once, the new one opens the poem', async () => {
    const owner = server.client();
    await signUp(owner);
    const draft = await writePoem(owner, { publish: false });
    const { poem } = await owner.me.poems.renewShareKey({ params: { poemId: draft.id } });
    expect(poem).toMatchObject({ id: draft.id, title: draft.title, updated_at: draft.updated_at });
    expect(poem.share_key).not.toBe(draft.share_key);
    await expectProblem(send(privateLink(draft.share_key), 'GET'), 404, 'not_found');
    expect((await server.client().poem.private.get({ params: { shareKey: poem.share_key } })).poem.id).toBe(
      draft.id,
    );

    const other = server.client();
    await signUp(other);
    await expect(other.me.poems.renewShareKey({ params: { poemId: draft.id } })).rejects.toMatchObject({
      status: 404,
    });
    await expectProblem(
      send(`${server.url}/api/me/poem/${draft.id}/share_key`, 'POST'),
      401,
      'unauthenticated',
    );
    expect((await owner.me.poems.get({ params: { poemId: draft.id } })).poem.share_key).toBe(poem.share_key);
  });

  it('never lets a link like, count, or show anything else of its author', async () => {
    const owner = server.client();
    const author = await signUp(owner);
    const shared = await writePoem(owner, { title: 'Shared draft', publish: false });
    const other = await writePoem(owner, { title: 'Other draft', publish: false });
    const collection = await createCollection(owner, { title: 'Public', is_public: true });
    await addPoems(owner, collection.id, [shared, other]);
    const reader = server.client();
    await signUp(reader);
    await reader.poem.private.get({ params: { shareKey: shared.share_key } });

    await expect(reader.poem.likes.like({ params: { poemId: shared.id } })).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      reader.poem.metrics.increment({ params: { poemId: shared.id }, body: { metric: 'read' } }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(reader.poem.likes.list({ params: { poemId: shared.id } })).rejects.toMatchObject({
      status: 404,
    });
    const { poem } = await owner.me.poems.get({ params: { poemId: shared.id } });
    expect(poem).toMatchObject({ like_count: 0, metrics: { read: 0, clicked: 0, shared: 0 } });
    expect((await reader.author.poems.list({ params: { authorId: author.id } })).poems).toEqual([]);
    expect((await reader.collection.poems.list({ params: { collectionId: collection.id } })).poems).toEqual(
      [],
    );
  });

  it('is 404 for an unknown key and for anything that is not a key, never a server error', async () => {
    for (const key of ['unknown-key-0123456789abcdef', 'not%20a%20key', '%00', 'x'.repeat(5_000), 'like']) {
      await expectProblem(send(privateLink(key), 'GET'), 404, 'not_found');
    }
  });
});
