import { writePoem } from '@poetry/test-support/poems';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

describe('DELETE /api/me removes everything the author owns', () => {
  it('takes their poems, collections, likes, follows and sessions, and fixes the counts of others', async () => {
    const leaving = server.client();
    const leaver = await signUp(leaving);
    const staying = server.client();
    const stayer = await signUp(staying);

    const leaverPoem = await writePoem(leaving);
    const stayerPoem = await writePoem(staying);
    const { collection: leaverCollection } = await leaving.me.collections.create({
      body: { is_public: true },
    });
    const { collection: stayerCollection } = await staying.me.collections.create({
      body: { is_public: true },
    });
    await staying.me.collections.poems.add({
      params: { collectionId: stayerCollection.id, poemId: leaverPoem.id },
      body: { is_hidden: false },
    });
    await staying.me.collections.poems.add({
      params: { collectionId: stayerCollection.id, poemId: stayerPoem.id },
      body: { is_hidden: false },
    });
    await leaving.poem.likes.like({ params: { poemId: stayerPoem.id } });
    await staying.poem.likes.like({ params: { poemId: leaverPoem.id } });
    await leaving.author.followers.follow({ params: { authorId: stayer.id } });
    await staying.author.followers.follow({ params: { authorId: leaver.id } });
    await leaving.collection.followers.follow({ params: { collectionId: stayerCollection.id } });

    await leaving.me.delete();

    await expect(staying.author.get({ params: { authorId: leaver.id } })).rejects.toMatchObject({
      status: 404,
    });
    await expect(staying.poem.get({ params: { poemId: leaverPoem.id } })).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      staying.collection.get({ params: { collectionId: leaverCollection.id } }),
    ).rejects.toMatchObject({ status: 404 });
    expect((await staying.me.get()).author).toMatchObject({ followers_count: 0, following_count: 0 });
    expect((await staying.poem.get({ params: { poemId: stayerPoem.id } })).poem.like_count).toBe(0);
    const { collection } = await staying.collection.get({ params: { collectionId: stayerCollection.id } });
    expect(collection).toMatchObject({ poems_count: 1, followers_count: 0 });
    const { poems } = await staying.me.collections.poems.list({
      params: { collectionId: stayerCollection.id },
    });
    expect(poems.map((poem) => poem.id)).toEqual([stayerPoem.id]);

    for (const table of ['poem', 'collection', 'poem_like', 'author_follow', 'collection_follow']) {
      const column = {
        poem: 'author_id',
        collection: 'owner_id',
        poem_like: 'author_id',
        author_follow: 'follower_id',
        collection_follow: 'author_id',
      }[table];
      const { rows } = await server.pool.query(
        `SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`,
        [leaver.id],
      );
      expect(rows[0].n, table).toBe(0);
    }
  });
});
