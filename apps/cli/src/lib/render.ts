import type { Author, Collection, MyPoem, Poem, PrivateAuthor } from '@poetry/sdk';
import { bold, dim, table } from './output.js';

/** A count with its noun: "1 like", "2 likes", "0 poems". */
export const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** What a deleting command prints, whatever it deleted. */
export const deleted = (title: string) => `Deleted "${title || '(untitled)'}".`;

const scheduledAt = (poem: Poem | MyPoem) => ('publish_at' in poem ? poem.publish_at : null);

const state = (poem: Poem | MyPoem) =>
  poem.is_published ? 'published' : scheduledAt(poem) ? 'scheduled' : 'draft';

export const showPoem = (poem: Poem | MyPoem) =>
  [
    bold(poem.title || '(untitled)'),
    dim(
      [
        poem.id,
        `by ${poem.author.fullname}`,
        scheduledAt(poem) ? `scheduled for ${scheduledAt(poem)}` : state(poem),
        plural(poem.like_count, 'like'),
        plural(poem.metrics.read, 'read'),
        ...(poem.tags.length ? [poem.tags.join(', ')] : []),
      ].join(' · '),
    ),
    '',
    poem.body,
  ].join('\n');

const POEM_COLUMNS = ['ID', 'TITLE', 'AUTHOR', 'STATE', 'LIKES', 'READS'];

const poemRow = (poem: Poem | MyPoem) => [
  poem.id,
  poem.title || '(untitled)',
  poem.author.username,
  state(poem),
  String(poem.like_count),
  String(poem.metrics.read),
];

export const poemTable = (poems: (Poem | MyPoem)[]) => table(POEM_COLUMNS, poems.map(poemRow));

/** The poems of a collection as its owner sees them: which ones its public view hides. */
export const collectionPoemTable = (poems: Poem[]) =>
  table(
    [...POEM_COLUMNS, 'HIDDEN'],
    poems.map((poem) => [...poemRow(poem), poem.is_hidden ? 'yes' : 'no']),
  );

const authorName = (author: Author) => `${bold(author.fullname)} (@${author.username})`;

/** One line: who is logged in. */
export const describeAuthor = (author: PrivateAuthor) =>
  `${authorName(author)} <${author.email}>${author.email_verified ? '' : dim(' unverified')}`;

/** An author's profile; `heading` names them (the own profile adds the email). */
export const showAuthor = (author: Author, heading = authorName(author)) =>
  [
    heading,
    dim(
      [
        plural(author.poems_count, 'poem'),
        plural(author.collections_count, 'collection'),
        plural(author.followers_count, 'follower'),
        `${author.following_count} following`,
      ].join(' · '),
    ),
    ...(author.bio ? ['', author.bio] : []),
  ].join('\n');

/** Your own profile: with your email address. */
export const showProfile = (author: PrivateAuthor) => showAuthor(author, describeAuthor(author));

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
        collection.id,
        `by ${collection.owner.fullname}`,
        collection.is_public ? 'public' : 'private',
        plural(collection.poems_count, 'poem'),
        plural(collection.followers_count, 'follower'),
        ...(collection.tags.length ? [collection.tags.join(', ')] : []),
      ].join(' · '),
    ),
    ...(collection.image_url ? [dim(`image: ${collection.image_url}`)] : []),
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
