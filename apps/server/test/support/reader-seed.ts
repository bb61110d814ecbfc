import type { Poem, PoetryClient } from '@poetry/sdk';
import { solidImage } from '@poetry/test-support/images';
import { signedUpAuthor } from './authors.js';

/** More poems with the tag than a list page holds (10), so that every list has a second page. */
const TAGGED_POEMS = 12;

/** The first poem: two stanzas, an indented line, and markup that must show as text. */
export const FIRST_POEM = {
  title: 'Lighthouse at Dusk',
  stanzas: [
    'The lamp turns over the water,\n  slow as a held breath,',
    'and the <b>gulls</b> go quiet\nas if they knew.',
  ],
  tags: ['sea', 'night'],
};

export async function published(
  client: PoetryClient,
  title: string,
  body: string,
  tags: string[],
): Promise<Poem> {
  const { poem } = await client.me.poems.create({ body: {} });
  const done = await client.me.poems.update({
    params: { poemId: poem.id },
    body: { title, body, tags, is_published: true },
  });
  return done.poem;
}

/** A poem longer than a screen, whose likes are below the fold of any. */
export const LONG_POEM = {
  title: 'Long Swell',
  body: Array.from({ length: 30 }, (_, n) => `Swell ${n + 1} lifts the boat\nand lets it down`).join('\n\n'),
};

/**
 * What the reader pages show, made through the SDK: a poet with a photo and a banner, more
 * published poems tagged `sea` than a page holds (the newest first is `FIRST_POEM`), a poem longer
 * than a screen, a public collection of some of them and of a poem by another author, a draft with
 * its share key, a poem kept for counting reads, and a reader (logged in, to like and follow; the
 * collection's other author) with its session cookie.
 */
export async function seedReaderPages(baseUrl: string) {
  const [{ client: poet }, reader] = await Promise.all([
    signedUpAuthor(baseUrl, 'Emily', 'Verse'),
    signedUpAuthor(baseUrl, 'Rita', 'Reader'),
  ]);
  const photos = new FormData();
  photos.append('profile_photo', new Blob([await solidImage('png', 400, 400, '#8a4b3c')]), 'photo.png');
  photos.append(
    'profile_banner_photo',
    new Blob([await solidImage('png', 1500, 500, '#2f5d7c')]),
    'banner.png',
  );
  const { author } = await poet.me.uploadPhoto({ body: photos });

  const counted = await published(poet, 'Counted Lines', 'One line\nanother line', ['count']);
  const long = await published(poet, LONG_POEM.title, LONG_POEM.body, []);
  const tides: Poem[] = [];
  for (let n = 1; n <= TAGGED_POEMS; n += 1) {
    tides.push(await published(poet, `Tide ${n}`, `Tide ${n} comes in\nand goes out again`, ['sea']));
  }
  const first = await published(poet, FIRST_POEM.title, FIRST_POEM.stanzas.join('\n\n'), FIRST_POEM.tags);
  const harbour = await published(
    reader.client,
    'Harbour Lights',
    'The harbour keeps its lights\nfor no one',
    [],
  );

  const { collection } = await poet.me.collections.create({
    body: { title: 'Shore Songs', description: 'Poems from the water’s edge.', is_public: true },
  });
  // Newest published first, as readers see it: Harbour Lights, the first poem, Tide 12, Tide 11.
  for (const poem of [first, ...tides.slice(-2), harbour]) {
    await poet.me.collections.poems.add({
      params: { collectionId: collection.id, poemId: poem.id },
      body: {},
    });
  }

  const { poem: draft } = await poet.me.poems.create({ body: {} });
  const shared = await poet.me.poems.update({
    params: { poemId: draft.id },
    body: { title: 'Unfinished', body: 'Not yet\nready' },
  });

  return {
    poet: author,
    first,
    long,
    counted,
    collection,
    shareKey: shared.poem.share_key,
    readerCookie: reader.cookie,
    /** The poem as anyone reads it through the API now (its metrics). */
    poem: (poemId: string) => poet.poem.get({ params: { poemId } }).then(({ poem }) => poem),
  };
}

export type ReaderSeed = Awaited<ReturnType<typeof seedReaderPages>>;
