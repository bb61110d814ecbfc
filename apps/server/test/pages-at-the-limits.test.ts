import { POEM_BODY_MAX, type PoetryClient } from '@poetry/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORED, atLimit, type Filler, filled, LIST_MAX, SHAPES } from './support/authored-content.js';
import { signedUpAuthor } from './support/authors.js';
import { type Service, startService } from './support/service.js';

/**
 * Every page that shows what an author wrote, for content at every limit the API accepts, has
 * as many elements as for the shortest content, give or take `ELEMENTS_SLACK`, and at most
 * `BYTES_OVER_MINIMAL` more bytes: a page's cost must not grow with what an author can make
 * (issue 29: a `<p>` per stanza made a poem at the body's limit a render of up to 1.2 s). A
 * poem's text is the exception: each of its lines is an element (a box the stylesheet hangs its
 * wrapped continuation in), so a poem's body has up to `BODY_ELEMENTS_MAX` and a list's opening
 * of one up to `OPENING_ELEMENTS_MAX`, written as one string, not as React elements. Times are
 * printed, not asserted (the machines are noisy).
 */

/** A few elements more than for the shortest content, never one per line, stanza or poem. */
const ELEMENTS_SLACK = 50;
/** One poem's text, which a page carries once (it ships no data to hydrate), and as much again for the rest. */
const BYTES_OVER_MINIMAL = 2 * POEM_BODY_MAX;
/** A line and a stanza are an element each (`<span>`, `<p>`): two for every three characters at most ("a\n\n"). */
const BODY_ELEMENTS_MAX = Math.ceil((2 * POEM_BODY_MAX) / 3) + 2;
/**
 * A body's bytes: a character at most 5 escaped (`&amp;`), and at most 10 bytes of markup a
 * character (`<p><span>a</span></p>` for "a\n\n"; `<p><span data-indent=" ">a</span></p>` for " a\n\n").
 */
const BODY_BYTES_MAX = 15 * POEM_BODY_MAX;
/** A list's opening is three lines at most, and so three stanzas at most. */
const OPENING_ELEMENTS_MAX = 6;

/** A poem's body, or a list's opening of one: the markup of `poemMarkup`, which holds no `div`. */
const POEM_TEXT = /<div class="(poem-body|opening)">(.*?)<\/div>/gs;

let service: Service;

beforeAll(async () => {
  service = await startService({ GENERAL_REQUESTS_PER_IP: '100000' });
});

afterAll(() => service?.stop());

type Shown = { elements: number; bytes: number; ms: number };

const elementsIn = (html: string) => html.match(/<[a-z]/gi)?.length ?? 0;

/**
 * A page as the service answers it with `cookie` (none: anonymously): its elements and bytes
 * (a poem's text left out, each checked against its own bounds here), and its time.
 */
async function shown(path: string, cookie?: string): Promise<Shown> {
  const started = performance.now();
  const answer = await fetch(`${service.url}${path}`, {
    headers: cookie ? { cookie } : {},
    redirect: 'manual',
  });
  const html = await answer.text();
  const ms = performance.now() - started;
  expect(answer.status, path).toBe(200);
  let bodyBytes = 0;
  for (const [text, kind, inner = ''] of html.matchAll(POEM_TEXT)) {
    const max = kind === 'poem-body' ? BODY_ELEMENTS_MAX : OPENING_ELEMENTS_MAX;
    expect(elementsIn(inner), `${path}: elements of a ${kind}`).toBeLessThanOrEqual(max);
    if (kind === 'poem-body') bodyBytes += Buffer.byteLength(text);
  }
  expect(bodyBytes, `${path}: bytes of its poem's body`).toBeLessThanOrEqual(BODY_BYTES_MAX);
  const rest = html.replace(POEM_TEXT, '<div>');
  return { elements: elementsIn(rest), bytes: Buffer.byteLength(rest), ms };
}

async function publishedPoem(client: PoetryClient, body: Record<string, unknown>) {
  const { poem } = await client.me.poems.create({ body: {} });
  await client.me.poems.update({ params: { poemId: poem.id }, body: { ...body, is_published: true } });
  return poem.id;
}

/**
 * A poet whose profile, `LIST_MAX` published poems (each poem's text in the next of `shapes`),
 * public collection of them and shared draft are filled by `fill`, and a reader who likes the
 * poems and follows the poet and the collection. Answers each page that shows them, by a name
 * the other world's pages share, with the cookie it is asked with.
 */
async function world(word: string, fill: (shape: string) => Filler) {
  const [poet, reader] = await Promise.all([
    signedUpAuthor(service.url, 'Poet', word),
    signedUpAuthor(service.url, 'Reader', word),
  ]);
  const shapes = Object.entries(SHAPES);
  const [, firstShape] = shapes[0] as [string, string];
  const { author } = await poet.client.me.update({ body: filled(AUTHORED.profile, fill(firstShape)) });
  const poems: string[] = [];
  for (let n = 0; n < LIST_MAX; n += 1) {
    const [, shape] = shapes[n % shapes.length] as [string, string];
    poems.push(await publishedPoem(poet.client, filled(AUTHORED.poem, fill(shape))));
  }
  const { collection } = await poet.client.me.collections.create({
    body: { ...filled(AUTHORED.collection, fill(firstShape)), is_public: true },
  });
  for (const poemId of poems) {
    await poet.client.me.collections.poems.add({ params: { collectionId: collection.id, poemId }, body: {} });
    await reader.client.poem.likes.like({ params: { poemId } });
  }
  await reader.client.author.followers.follow({ params: { authorId: author.id } });
  await reader.client.collection.followers.follow({ params: { collectionId: collection.id } });
  const { poem: draft } = await poet.client.me.poems.create({ body: {} });
  const { poem: shared } = await poet.client.me.poems.update({
    params: { poemId: draft.id },
    body: filled(AUTHORED.poem, fill(firstShape)),
  });
  const tag = filled(AUTHORED.poem, fill(firstShape)).tags?.[0] ?? '';

  const anonymous = undefined;
  const pages: Record<string, [string, string | undefined]> = {
    home: ['/', anonymous],
    share: [`/p/${shared.share_key}`, anonymous],
    author: [`/@${author.username}`, anonymous],
    collection: [`/@${author.username}/collection/${collection.id}`, anonymous],
    tag: [`/tag/${encodeURIComponent(tag)}`, anonymous],
    search: [`/search?q=${word}`, anonymous],
    'poem, to its author': [`/poem/${poems[0]}`, poet.cookie],
    'studio: poems': ['/studio', poet.cookie],
    'studio: poem': [`/studio/poem/${poems[0]}`, poet.cookie],
    'studio: collections': ['/studio/collections', poet.cookie],
    'studio: collection': [`/studio/collection/${collection.id}`, poet.cookie],
    'studio: profile': ['/studio/profile', poet.cookie],
    'studio: feed': ['/studio/feed', reader.cookie],
    'studio: liked': ['/studio/liked', reader.cookie],
    'studio: following': ['/studio/following', reader.cookie],
  };
  shapes.forEach(([name], index) => {
    pages[`poem (${name})`] = [`/poem/${poems[index]}`, anonymous];
  });
  const answers: Record<string, Shown> = {};
  for (const [name, [path, cookie]] of Object.entries(pages)) answers[name] = await shown(path, cookie);
  return answers;
}

describe('pages at the limits of what an author can write', () => {
  it('have as many elements as for the shortest content, and carry at most one poem more', async () => {
    const minimal = await world('zqshort', () => ({
      text: () => 'zqshort',
      item: (index) => `zqshort${index}`,
    }));
    const longest = await world('zqlong', (shape) => ({
      text: (max) => atLimit('zqlong', shape, max),
      item: (index, max) => `zqlong${index}`.padEnd(max, 'x'),
    }));

    const figures = Object.entries(longest).map(([page, at]) => {
      const base = minimal[page] as Shown;
      return {
        page,
        elements: `${base.elements} → ${at.elements}`,
        KB: `${kb(base)} → ${kb(at)}`,
        ms: `${ms(base)} → ${ms(at)}`,
      };
    });
    console.table(figures);
    for (const [page, at] of Object.entries(longest)) {
      const base = minimal[page] as Shown;
      expect(at.elements, `${page}: elements`).toBeLessThanOrEqual(base.elements + ELEMENTS_SLACK);
      expect(at.bytes, `${page}: bytes`).toBeLessThanOrEqual(base.bytes + BYTES_OVER_MINIMAL);
    }
  });
});

const kb = ({ bytes }: Shown) => Math.round(bytes / 1024);
const ms = ({ ms: time }: Shown) => Math.round(time);
