import type { Author } from '@poetry/sdk';
import type { Command } from 'commander';
import { action } from '../lib/context.js';
import { print, table } from '../lib/output.js';
import { poemTable, showPoem } from './poem.js';

const authorTable = (authors: Author[]) =>
  table(
    ['USERNAME', 'NAME', 'POEMS', 'FOLLOWERS'],
    authors.map((author) => [
      author.username,
      author.fullname,
      String(author.poems_count),
      String(author.followers_count),
    ]),
  );

const AUTHOR_LISTS = ['top', 'featured', 'new', 'genre'];

export function readingCommands(program: Command) {
  program
    .command('read')
    .argument('<poem>', 'the poem id')
    .description('print a published poem and count a read')
    .addHelpText('after', '\nExample:\n  $ poetry read 0190…')
    .action(
      action(async ({ client, output }, poemId: string) => {
        const read = await client.poem.metrics.increment({ params: { poemId }, body: { metric: 'read' } });
        print(output, read, ({ poem }) => showPoem(poem));
      }),
    );

  for (const [name, text] of [
    ['like', 'like a poem'],
    ['unlike', 'take your like back'],
  ] as const) {
    program
      .command(name)
      .argument('<poem>', 'the poem id')
      .description(text)
      .addHelpText('after', `\nExample:\n  $ poetry ${name} 0190…`)
      .action(
        action(async ({ client, output }, poemId: string) => {
          const call = name === 'like' ? client.poem.likes.like : client.poem.likes.unlike;
          print(
            output,
            await call({ params: { poemId } }),
            ({ poem }) => `${poem.title}: ${poem.like_count} likes`,
          );
        }),
      );
  }

  for (const [name, text] of [
    ['follow', 'follow an author'],
    ['unfollow', 'stop following an author'],
  ] as const) {
    program
      .command(name)
      .argument('<author>', 'the author id or username')
      .description(text)
      .addHelpText('after', `\nExample:\n  $ poetry ${name} ada-lovelace`)
      .action(
        action(async ({ client, output }, authorId: string) => {
          const call = name === 'follow' ? client.author.followers.follow : client.author.followers.unfollow;
          print(
            output,
            await call({ params: { authorId } }),
            ({ author }) =>
              `${author.fullname}: ${author.followers_count} followers${author.followed_by_me ? ', you among them' : ''}`,
          );
        }),
      );
  }

  program
    .command('search')
    .argument('<words...>', 'what to look for')
    .option('--tags <tags>', 'only poems with all these comma-separated tags')
    .description('search published poems')
    .addHelpText('after', '\nExample:\n  $ poetry search raven midnight --tags gothic')
    .action(
      action(async ({ client, output }, words: string[], options: { tags?: string }) => {
        const page = await client.poem.search({
          query: { q: words.join(' '), ...(options.tags ? { tags: options.tags } : {}) },
        });
        print(output, page, ({ poems }) => poemTable(poems));
      }),
    );

  program
    .command('feed')
    .description('new poems of the authors and collections you follow')
    .addHelpText('after', '\nExample:\n  $ poetry feed')
    .action(
      action(async ({ client, output }) => {
        print(output, await client.me.feed(), ({ poems }) => poemTable(poems));
      }),
    );

  program
    .command('authors')
    .argument('<list>', `one of ${AUTHOR_LISTS.join(', ')}`)
    .argument('[tag]', 'the tag of a genre list')
    .description('lists of authors: most liked, most followed, newest, or by genre')
    .addHelpText('after', '\nExamples:\n  $ poetry authors top\n  $ poetry authors genre sonnet')
    .action(
      action(async ({ client, output }, list: string, tag: string | undefined) => {
        if (!AUTHOR_LISTS.includes(list) || (list === 'genre') !== (tag !== undefined)) {
          program.error(`poetry authors: give one of ${AUTHOR_LISTS.join(', ')} (genre takes a tag)`, {
            exitCode: 2,
          });
        }
        const listId = list === 'genre' ? `genre:${tag}` : list;
        print(output, await client.author.lists.get({ params: { listId } }), ({ authors }) =>
          authorTable(authors),
        );
      }),
    );
}
