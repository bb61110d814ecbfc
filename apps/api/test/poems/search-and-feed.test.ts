import type { Poem } from '@poetry/contract';
import { writePoem } from '@poetry/test-support/poems';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { collectPages } from '../support/pagination.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

const ids = (poems: Poem[]) => poems.map((poem) => poem.id);

describe('GET /api/poem (search)', () => {
  it('finds published poems by words in title or body, title matches first, filtered by tags', async () => {
    const client = server.client();
    await signUp(client);
    const best = await writePoem(client, {
      title: 'Ravens',
      body: 'raven raven raven at my door',
      tags: ['gothic'],
    });
    const good = await writePoem(client, {
      title: 'Night',
      body: 'a raven and a cat',
      tags: ['gothic', 'night'],
    });
    await writePoem(client, { title: 'Raven draft', body: 'raven', publish: false });
    await writePoem(client, { title: 'Daylight', body: 'sun and sparrows', tags: ['gothic'] });

    const { poems } = await server.client().poem.search({ query: { q: 'raven' } });
    expect(ids(poems)).toEqual([best.id, good.id]);
    const { poems: tagged } = await server
      .client()
      .poem.search({ query: { q: 'raven', tags: 'night,GOTHIC' } });
    expect(ids(tagged)).toEqual([good.id]);
  });

  it('stems English words: a search for "birds" finds "bird", and "singing" finds "sings"', async () => {
    const client = server.client();
    await signUp(client);
    const bird = await writePoem(client, { title: 'Morning', body: 'one bird alone on the wire' });
    const sings = await writePoem(client, { title: 'Evening', body: 'the kettle sings' });
    const search = async (q: string) => ids((await server.client().poem.search({ query: { q } })).poems);
    expect(await search('birds')).toEqual([bird.id]);
    expect(await search('singing')).toEqual([sings.id]);
  });

  it("finds poems by their tags and by their author's name, and by the new name after a change", async () => {
    const client = server.client();
    await signUp(client, { firstname: 'Wislawa', lastname: 'Szymborska' });
    const tagged = await writePoem(client, {
      title: 'Untitled',
      body: 'nothing twice',
      tags: ['villanelle'],
    });
    const search = async (q: string) => ids((await server.client().poem.search({ query: { q } })).poems);
    expect(await search('villanelle')).toEqual([tagged.id]);
    expect(await search('szymborska')).toEqual([tagged.id]);

    await client.me.update({ body: { lastname: 'Tranströmer' } });
    expect(await search('szymborska')).toEqual([]);
    expect(await search('Tranströmer')).toEqual([tagged.id]);
  });

  it('ranks a match in the title above any number of matches in the body', async () => {
    const client = server.client();
    await signUp(client);
    const inBody = await writePoem(client, { title: 'Weather', body: 'tempest '.repeat(30).trim() });
    const inTitle = await writePoem(client, { title: 'The tempest', body: 'a storm at sea' });
    const { poems } = await server.client().poem.search({ query: { q: 'tempest' } });
    expect(ids(poems)).toEqual([inTitle.id, inBody.id]);
  });

  it('reads q as websearch syntax: quoted phrases, or, and -word', async () => {
    const client = server.client();
    await signUp(client);
    const phrase = await writePoem(client, { title: 'Glacier', body: 'blue glacier water' });
    const reversed = await writePoem(client, { title: 'Melt', body: 'water from the glacier' });
    const fjord = await writePoem(client, { title: 'Fjord', body: 'a fjord in winter' });
    const search = async (q: string) =>
      new Set(ids((await server.client().poem.search({ query: { q } })).poems));
    expect(await search('"glacier water"')).toEqual(new Set([phrase.id]));
    expect(await search('glacier or fjord')).toEqual(new Set([phrase.id, reversed.id, fjord.id]));
    expect(await search('glacier -blue')).toEqual(new Set([reversed.id]));
    // Words too common to search by (English stop words) match nothing, rather than everything.
    expect(await search('the')).toEqual(new Set());
  });

  it('lists the poems whose title matches first, then the others, each newest published first', async () => {
    const client = server.client();
    await signUp(client);
    const olderInTitle = await writePoem(client, { title: 'Egret', body: 'white bird' });
    const olderInBody = await writePoem(client, { title: 'Shore', body: 'an egret wading' });
    const newerInTitle = await writePoem(client, { title: 'Egrets at dusk', body: 'standing still' });
    const newerInBody = await writePoem(client, { title: 'Marsh', body: 'one egret' });
    const search = async (q: string) => ids((await server.client().poem.search({ query: { q } })).poems);
    expect(await search('egret')).toEqual([newerInTitle.id, olderInTitle.id, newerInBody.id, olderInBody.id]);
    // A title match is still a match of the whole poem: a -word anywhere in it leaves it out.
    expect(await search('egret -white')).toEqual([newerInTitle.id, newerInBody.id, olderInBody.id]);
    // The title alone must match: one of two words in it is not a title match.
    expect(await search('egret wading')).toEqual([olderInBody.id]);
    expect(await search('egret dusk')).toEqual([newerInTitle.id]);
  });

  it('pages through title matches, then the others, each matching poem exactly once', async () => {
    const client = server.client();
    await signUp(client);
    const inTitle = [];
    const inBody = [];
    // The older, the more larks: a ranking by how well each matches would list them oldest first.
    for (let i = 0; i < 6; i += 1) {
      inTitle.push(await writePoem(client, { title: `Lark ${i}`, body: 'a lark '.repeat(6 - i) }));
      inBody.push(await writePoem(client, { title: `Song ${i}`, body: 'a lark '.repeat(6 - i) }));
    }
    await writePoem(client, { title: 'Lark draft', body: 'lark', publish: false });
    const newestFirst = (poems: { id: string }[]) => ids(poems as Poem[]).reverse();
    for (const limit of [1, 4, 5]) {
      const found = await collectPages(async (query) => {
        const { poems, ...cursors } = await server.client().poem.search({ query: { q: 'lark', ...query } });
        return { items: poems, ...cursors };
      }, limit);
      expect(ids(found)).toEqual([...newestFirst(inTitle), ...newestFirst(inBody)]);
    }
  });

  it('lists the newest published poems when there are no words', async () => {
    const client = server.client();
    await signUp(client);
    const older = await writePoem(client, { tags: ['unique-tag-a'] });
    const newer = await writePoem(client, { tags: ['unique-tag-a'] });
    const { poems } = await server.client().poem.search({ query: { tags: 'unique-tag-a' } });
    expect(ids(poems)).toEqual([newer.id, older.id]);
  });

  it('answers a cursor of another list, or a forged one, with 400', async () => {
    const client = server.client();
    await signUp(client);
    const poem = await writePoem(client, { title: 'Cursor', body: 'cursor one' });
    await writePoem(client, { title: 'Cursor', body: 'cursor two' });
    const { next_cursor } = await server.client().poem.search({ query: { limit: 1 } });
    await expectProblem(
      send(`${server.url}/api/poem?q=cursor&cursor=${next_cursor}`, 'GET'),
      400,
      'validation_failed',
      ['query.cursor'],
    );
    await expectProblem(send(`${server.url}/api/poem?cursor=bm9wZQ`, 'GET'), 400, 'validation_failed', [
      'query.cursor',
    ]);
    // A search cursor of the order before newest first: rank, id.
    const ranked = Buffer.from(JSON.stringify([1.0607927, poem.id])).toString('base64url');
    await expectProblem(
      send(`${server.url}/api/poem?q=cursor&cursor=${ranked}`, 'GET'),
      400,
      'validation_failed',
      ['query.cursor'],
    );
  });
});

describe('GET /api/me/feed', () => {
  it('shows the published poems of followed authors, newest first', async () => {
    const reader = server.client();
    await signUp(reader);
    const poet = server.client();
    const poetAuthor = await signUp(poet);
    const stranger = server.client();
    await signUp(stranger);
    const first = await writePoem(poet);
    await writePoem(poet, { publish: false });
    await writePoem(stranger);
    const second = await writePoem(poet);

    expect((await reader.me.feed()).poems).toEqual([]);
    await reader.author.followers.follow({ params: { authorId: poetAuthor.id } });
    expect(ids((await reader.me.feed()).poems)).toEqual([second.id, first.id]);
  });

  it('shows what followed public collections show, and each poem once', async () => {
    const reader = server.client();
    await signUp(reader);
    const curator = server.client();
    await signUp(curator);
    const poet = server.client();
    const poetAuthor = await signUp(poet);
    const shown = await writePoem(poet);
    const hidden = await writePoem(poet);
    const { collection } = await curator.me.collections.create({
      body: { title: 'Best of', is_public: true },
    });
    const collectionId = collection.id;
    await curator.me.collections.poems.add({
      params: { collectionId, poemId: shown.id },
      body: { is_hidden: false },
    });
    await curator.me.collections.poems.add({
      params: { collectionId, poemId: hidden.id },
      body: { is_hidden: true },
    });

    await reader.collection.followers.follow({ params: { collectionId } });
    expect(ids((await reader.me.feed()).poems)).toEqual([shown.id]);
    await reader.author.followers.follow({ params: { authorId: poetAuthor.id } });
    expect(ids((await reader.me.feed()).poems)).toEqual([hidden.id, shown.id]);
  });
});
