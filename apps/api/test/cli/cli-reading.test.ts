import type { Author, Collection, MyPoem, Poem } from '@poetry/sdk';
import { writePoem } from '@poetry/test-support/poems';
import { afterAll, describe, expect, it } from 'vitest';
import { createCollection } from '../support/collections.js';
import { loggedInAuthor } from '../support/logged-in-authors.js';
import { useTestServer } from '../support/server.js';
import { loggedInCli } from './logged-in-cli.js';
import { cliUser, removeConfigDirs } from './run-cli.js';

const server = useTestServer();
afterAll(removeConfigDirs);

type Page<K extends string, T> = { [key in K]: T[] } & { next_cursor: string | null };
const ids = (items: { id: string }[]) => items.map((item) => item.id);

/** An author with a published poem in a public collection, logged in through the SDK. */
async function poetWithWork() {
  const poet = await loggedInAuthor(server, { firstname: 'Walt', lastname: 'Whitman' });
  const poem = await writePoem(poet.client, { title: 'Grass', body: 'I celebrate myself' });
  const collection = await createCollection(poet.client, { title: 'Leaves', is_public: true });
  await poet.client.me.collections.poems.add({
    params: { collectionId: collection.id, poemId: poem.id },
    body: {},
  });
  return { poet, poem, collection };
}

describe('poet: reading authors, poems and what one follows and likes', () => {
  it("shows an author's profile, poems, collections, one collection and followers, without a login", async () => {
    const { poet, poem, collection } = await poetWithWork();
    const { cli: follower, author: followerAuthor } = await loggedInCli(server);
    await follower.json(['follow', poet.username]);
    const anyone = await cliUser(server.url);

    const shown = await anyone.json<{ author: Author }>(['author', 'show', poet.username]);
    expect(shown.author).toMatchObject({
      id: poet.id,
      poems_count: 1,
      collections_count: 1,
      followers_count: 1,
    });
    const human = await anyone.run(['author', 'show', poet.id]);
    expect(human.stdout).toContain(
      `Walt Whitman (@${poet.username})\n1 poem · 1 collection · 1 follower · 0 following`,
    );

    expect(ids((await anyone.json<Page<'poems', Poem>>(['author', 'poems', poet.username])).poems)).toEqual([
      poem.id,
    ]);
    const collections = await anyone.json<Page<'collections', Collection>>([
      'author',
      'collections',
      poet.username,
    ]);
    expect(ids(collections.collections)).toEqual([collection.id]);
    const one = await anyone.json<{ collection: Collection } & Page<'poems', Poem>>([
      'author',
      'collection',
      poet.username,
      collection.id,
    ]);
    expect(one).toMatchObject({ collection: { id: collection.id }, next_cursor: null });
    expect(ids(one.poems)).toEqual([poem.id]);
    const oneHuman = await anyone.run(['author', 'collection', poet.username, collection.id]);
    expect(oneHuman.stdout).toMatch(
      new RegExp(`^Leaves\n${collection.id} · by Walt Whitman · public · 1 poem · 0 followers$`, 'm'),
    );
    expect(oneHuman.stdout).toMatch(new RegExp(`^${poem.id}\\s+Grass\\s+`, 'm'));
    const followers = await anyone.json<Page<'authors', Author>>(['author', 'followers', poet.username]);
    expect(ids(followers.authors)).toEqual([followerAuthor.id]);

    await poet.client.me.collections.update({
      params: { collectionId: collection.id },
      body: { is_public: false },
    });
    const hidden = await anyone.run(['author', 'collection', poet.username, collection.id]);
    expect(hidden.code).toBe(1);
    expect(hidden.stderr).toMatch(/\(404 not_found\)/);
    expect((await anyone.run(['author', 'show', 'nobody-at-all'])).code).toBe(1);
  });

  it('shows a published poem without counting a read; `read` counts one; counts are singular at 1', async () => {
    const { poet, poem } = await poetWithWork();
    const { cli } = await loggedInCli(server);
    const reads = async () =>
      (await server.client().poem.get({ params: { poemId: poem.id } })).poem.metrics.read;

    expect((await cli.json<{ poem: Poem }>(['show', poem.id])).poem.id).toBe(poem.id);
    expect((await cli.run(['show', poem.id])).stdout).toContain('I celebrate myself');
    expect(await reads()).toBe(0);

    expect((await cli.run(['like', poem.id])).stdout).toBe('Grass: 1 like\n');
    const read = await cli.run(['read', poem.id]);
    expect(read.stdout).toMatch(
      new RegExp(`^${poem.id} · by Walt Whitman · published · 1 like · 1 read$`, 'm'),
    );
    expect(await reads()).toBe(1);
    expect((await cli.run(['follow', poet.username])).stdout).toBe('Walt Whitman: 1 follower\n');

    const draft = await writePoem(poet.client, { publish: false });
    const unpublished = await cli.run(['show', draft.id]);
    expect(unpublished.code).toBe(1);
    expect(unpublished.stderr).toMatch(/\(404 not_found\)/);
    for (const args of [['show'], ['show', poem.id, '--share', 'key']]) {
      const usage = await cli.run(args);
      expect(usage.code, args.join(' ')).toBe(2);
      expect(usage.stderr).toMatch(/error: give a poem id or --share <key>, not both/);
    }
  });

  it('prints the share link of a draft, reads it by its key, and renews it', async () => {
    const { cli } = await loggedInCli(server);
    const { poem } = await cli.json<{ poem: MyPoem }>(['poem', 'new', '--title', 'Secret'], 'only for you');
    const shared = await cli.json<{ poem: MyPoem }>(['poem', 'share', poem.id]);
    const key = shared.poem.share_key;
    expect(key).toBe(poem.share_key);
    const human = await cli.run(['poem', 'share', poem.id]);
    expect(human.stdout.split('\n')[0]).toBe(`${server.url}/p/${key}`);

    const anyone = await cliUser(server.url);
    const opened = await anyone.json<{ poem: Poem }>(['show', '--share', key]);
    expect(opened.poem).toMatchObject({ id: poem.id, body: 'only for you', is_published: false });

    const renewed = await cli.json<{ poem: MyPoem }>(['poem', 'share', poem.id, '--renew']);
    expect(renewed.poem.share_key).not.toBe(key);
    expect((await anyone.run(['show', '--share', key])).code).toBe(1);
    expect((await anyone.json<{ poem: Poem }>(['show', '--share', renewed.poem.share_key])).poem.id).toBe(
      poem.id,
    );
  });

  it('schedules a poem with --at (a bad time is a usage error); unpublish cancels a schedule', async () => {
    const { cli } = await loggedInCli(server);
    const write = async (title: string) =>
      (await cli.json<{ poem: MyPoem }>(['poem', 'new', '--title', title], 'words')).poem;

    const later = await write('Later');
    const local = '2099-05-01T09:00';
    const scheduled = await cli.json<{ poem: MyPoem }>(['poem', 'publish', later.id, '--at', local]);
    expect(scheduled.poem).toMatchObject({ is_published: false, publish_at: new Date(local).toISOString() });
    const list = await cli.run(['poem', 'list']);
    expect(list.stdout).toMatch(new RegExp(`^${later.id}\\s+Later\\s+\\S+\\s+scheduled\\s+0\\s+0$`, 'm'));
    expect((await cli.run(['poem', 'show', later.id])).stdout).toContain(
      `scheduled for ${new Date(local).toISOString()}`,
    );
    const cancelled = await cli.json<{ poem: MyPoem }>(['poem', 'unpublish', later.id]);
    expect(cancelled.poem).toMatchObject({ is_published: false, publish_at: null });

    const bad = await cli.run(['poem', 'publish', later.id, '--at', 'tomorrow']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /error: option '--at <time>' argument 'tomorrow' is invalid\. give a date and time/,
    );
    const past = await cli.run(['poem', 'publish', (await write('Past')).id, '--at', '2000-01-01T00:00Z']);
    expect(past.code).toBe(1);
    expect(past.stderr).toMatch(/^\s+publish_at: is not in the future$/m);
  });

  it('lists who likes a poem, and the poems, authors and collections one likes and follows', async () => {
    const { poet, poem, collection } = await poetWithWork();
    const { cli, author: reader } = await loggedInCli(server);
    await cli.json(['like', poem.id]);
    await cli.json(['follow', poet.username]);
    await cli.json(['follow', '--collection', collection.id]);

    expect(ids((await cli.json<Page<'authors', Author>>(['likers', poem.id])).authors)).toEqual([reader.id]);
    expect(ids((await cli.json<Page<'poems', Poem>>(['liked'])).poems)).toEqual([poem.id]);
    expect(ids((await cli.json<Page<'authors', Author>>(['following'])).authors)).toEqual([poet.id]);
    const collections = await cli.json<Page<'collections', Collection>>(['following', '--collections']);
    expect(ids(collections.collections)).toEqual([collection.id]);

    const likers = await cli.run(['likers', poem.id]);
    expect(likers.stdout).toMatch(new RegExp(`^${reader.username}\\s+`, 'm'));
    expect((await cli.run(['liked'])).stdout).toMatch(new RegExp(`^${poem.id}\\s+Grass\\s+`, 'm'));
    expect((await cli.run(['following', '--collections'])).stdout).toMatch(
      new RegExp(`^${collection.id}\\s+Leaves\\s+`, 'm'),
    );
  });
});
