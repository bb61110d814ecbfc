import type { Command } from 'commander';
import { action, example } from '../lib/context.js';
import { listAction, type PageOptions, paged, pageQuery } from '../lib/list.js';
import { print } from '../lib/output.js';
import { authorTable, collectionTable, poemTable, showAuthor } from '../lib/render.js';
import { printCollectionPage } from './collection.js';

const byAuthor = (group: Command, name: string, description: string, moreArguments = '') =>
  group
    .command(name)
    .argument('<author>', 'the author id or username')
    .description(description)
    .addHelpText('after', example(`poet author ${name} ada-lovelace${moreArguments}`));

export function authorCommands(program: Command) {
  const author = program
    .command('author')
    .description("an author's profile, poems, collections and followers (lists of authors: poet authors)")
    .addHelpText('after', example('poet author show ada-lovelace', 'poet author poems ada-lovelace --json'));

  byAuthor(author, 'show', "an author's profile").action(
    action(async ({ client, output }, authorId: string) => {
      print(output, await client.author.get({ params: { authorId } }), (shown) => showAuthor(shown.author));
    }),
  );

  paged(byAuthor(author, 'poems', "an author's published poems, newest first")).action(
    listAction(
      (client, query, authorId: string) => client.author.poems.list({ params: { authorId }, query }),
      ({ poems }) => poemTable(poems),
    ),
  );

  paged(byAuthor(author, 'collections', "an author's public collections, newest first")).action(
    listAction(
      (client, query, authorId: string) => client.author.collections.list({ params: { authorId }, query }),
      ({ collections }) => collectionTable(collections),
    ),
  );

  paged(
    byAuthor(
      author,
      'collection',
      "one of an author's public collections and its poems, as any reader sees them",
      ' 0190c0de-…',
    ),
  )
    .argument('<collection>', 'the collection id')
    .action(
      action(async ({ client, output }, authorId: string, collectionId: string, options: PageOptions) => {
        const params = { authorId, collectionId };
        await printCollectionPage(
          output,
          client.author.collections.get({ params }),
          client.author.collections.poems.list({ params, query: pageQuery(options) }),
        );
      }),
    );

  paged(byAuthor(author, 'followers', 'the authors who follow an author, latest follow first')).action(
    listAction(
      (client, query, authorId: string) => client.author.followers.list({ params: { authorId }, query }),
      ({ authors }) => authorTable(authors),
    ),
  );
}
