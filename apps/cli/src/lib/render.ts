import type { Author, Collection, Poem } from '@poetry/sdk';
import { bold, dim, table } from './output.js';

const state = (published: boolean) => (published ? 'published' : 'draft');

export const showPoem = (poem: Poem) =>
  [
    bold(poem.title || '(untitled)'),
    dim(
      [
        `by ${poem.author.fullname}`,
        state(poem.is_published),
        `${poem.like_count} likes`,
        `${poem.metrics.read} reads`,
        ...(poem.tags.length ? [poem.tags.join(', ')] : []),
      ].join(' · '),
    ),
    '',
    poem.body,
  ].join('\n');

export const poemTable = (poems: Poem[]) =>
  table(
    ['ID', 'TITLE', 'AUTHOR', 'STATE', 'LIKES', 'READS'],
    poems.map((poem) => [
      poem.id,
      poem.title || '(untitled)',
      poem.author.username,
      state(poem.is_published),
      String(poem.like_count),
      String(poem.metrics.read),
    ]),
  );

export const authorTable = (authors: Author[]) =>
  table(
    ['USERNAME', 'NAME', 'POEMS', 'FOLLOWERS'],
    authors.map((author) => [
      author.username,
      author.fullname,
      String(author.poems_count),
      String(author.followers_count),
    ]),
  );

export const showCollection = (collection: Collection) =>
  [
    bold(collection.title || '(untitled)'),
    dim(
      [
        `by ${collection.owner.fullname}`,
        collection.is_public ? 'public' : 'private',
        `${collection.poems_count} poems`,
        `${collection.followers_count} followers`,
        ...(collection.tags.length ? [collection.tags.join(', ')] : []),
      ].join(' · '),
    ),
    ...(collection.description ? ['', collection.description] : []),
  ].join('\n');

export const collectionTable = (collections: Collection[]) =>
  table(
    ['ID', 'TITLE', 'OWNER', 'VISIBILITY', 'POEMS', 'FOLLOWERS'],
    collections.map((collection) => [
      collection.id,
      collection.title || '(untitled)',
      collection.owner.username,
      collection.is_public ? 'public' : 'private',
      String(collection.poems_count),
      String(collection.followers_count),
    ]),
  );
