import { mkdir, writeFile } from 'node:fs/promises';
import { get, type IncomingHttpHeaders } from 'node:http';
import { TITLE_MAX } from '@poetry/contract';
import { writePoem } from '@poetry/test-support/poems';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

/** Where the cards drawn here are written, to be looked at (git-ignored). */
const CARDS = new URL('../../../server/test-results/cards/', import.meta.url);

const cardUrl = (poemId: string) => `${server.url}/api/poem/${poemId}/card`;

/**
 * A card as the API answers `headers`, its bytes decoded: its status, headers, format and size.
 * Through node:http: fetch sends `Cache-Control: no-cache` with an `If-None-Match` of its caller's.
 */
async function card(poemId: string, headers: Record<string, string> = {}) {
  const answer = await new Promise<{ status?: number; headers: IncomingHttpHeaders; bytes: Buffer }>(
    (resolve, reject) =>
      get(cardUrl(poemId), { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, headers: response.headers, bytes: Buffer.concat(chunks) }),
        );
      }).on('error', reject),
  );
  const image = answer.status === 200 ? await sharp(answer.bytes).metadata() : undefined;
  return { ...answer, image };
}

/** Writes `bytes` as `name`.png under CARDS. */
async function keep(name: string, bytes: Buffer) {
  await mkdir(CARDS, { recursive: true });
  await writeFile(new URL(`${name}.png`, CARDS), bytes);
}

describe("a poem's card", () => {
  it('is a 1200×630 PNG with a strong ETag naming what it shows, 304 while that holds', async () => {
    const author = server.client();
    await signUp(author);
    const poem = await writePoem(author, {
      title: 'Because I could not stop for Death',
      body: 'Because I could not stop for Death –\nHe kindly stopped for me –\n  The Carriage held but just Ourselves –\n  And Immortality.\n\nWe slowly drove – He knew no haste',
    });

    const first = await card(poem.id);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.image).toMatchObject({ format: 'png', width: 1200, height: 630 });
    const etag = first.headers.etag ?? '';
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    await keep('dickinson', first.bytes);

    // Asked again: the same bytes; with its ETag: 304, nothing drawn or sent.
    const again = await card(poem.id);
    expect(again.headers.etag).toBe(etag);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    const unchanged = await card(poem.id, { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.bytes).toHaveLength(0);

    // Tags change nothing the card shows; the title does.
    await author.me.poems.update({ params: { poemId: poem.id }, body: { tags: ['death'] } });
    expect((await card(poem.id)).headers.etag).toBe(etag);
    await author.me.poems.update({ params: { poemId: poem.id }, body: { title: 'The Chariot' } });
    const retitled = await card(poem.id, { 'if-none-match': etag });
    expect(retitled.status).toBe(200);
    expect(retitled.headers.etag).not.toBe(etag);
    expect(retitled.bytes.equals(first.bytes)).toBe(false);
  });

  it('comes through the SDK as a Blob', async () => {
    const author = server.client();
    await signUp(author);
    const poem = await writePoem(author);
    const body = await server.client().poem.card({ params: { poemId: poem.id } });
    expect(body).toBeInstanceOf(Blob);
    const image = await sharp(Buffer.from(await body.arrayBuffer())).metadata();
    expect(image).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });

  it('is 404 for a draft, an unpublished poem, an unknown or malformed id: a share link shows no card', async () => {
    const author = server.client();
    await signUp(author);
    const draft = await writePoem(author, { publish: false });
    const poem = await writePoem(author);
    expect((await card(poem.id)).status).toBe(200);
    await author.me.poems.update({ params: { poemId: poem.id }, body: { is_published: false } });

    const cookie = (await author.session.header(server.url)) ?? '';
    for (const poemId of [draft.id, poem.id, '0190a6f2-0000-7000-8000-000000000000', 'not-a-uuid']) {
      await expectProblem(send(cardUrl(poemId), 'GET'), 404, 'not_found');
      // Its author gets no card of it either: a card is for a page anyone may open.
      await expectProblem(send(cardUrl(poemId), 'GET', { cookie }), 404, 'not_found');
    }
  });

  it('draws hostile titles, names and lines as text, whatever they hold', async () => {
    const author = server.client();
    await signUp(author);
    await author.me.update({ body: { firstname: 'Zoë <b>&amp;', lastname: 'O"Hara</span> 🌊' } });
    const hostile = [
      {
        name: 'markup',
        title: '<span foreground="red">&lt;</span> & <b>bold</b> &#0; &',
        body: '<i>an open tag\n& an ampersand &amp;\n\u0007 a bell, \uFFFE a non-character',
      },
      {
        name: 'longest',
        title: 'W'.repeat(TITLE_MAX),
        body: `${'Longword'.repeat(2_000)}\n${'x '.repeat(20_000)}`,
      },
      {
        name: 'rtl-emoji',
        title: 'שיר 🌊 قصيدة \u202e reversed',
        body: 'שורה ראשונה\n🌧️👩‍👩‍👧 漢字\n\u200f\u202a',
      },
      { name: 'indented', title: 'After blank lines', body: '\n \n\t\n    after blank lines' },
    ];
    const tags = new Set<string>();
    for (const { name, title, body } of hostile) {
      const poem = await writePoem(author, { title, body });
      const drawn = await card(poem.id);
      expect(drawn.status, name).toBe(200);
      expect(drawn.image, name).toMatchObject({ format: 'png', width: 1200, height: 630 });
      tags.add(drawn.headers.etag ?? '');
      await keep(`hostile-${name}`, drawn.bytes);
    }
    expect(tags.size).toBe(hostile.length);
  });
});
