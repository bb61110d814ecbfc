import type { Collection } from '@poetry/sdk';
import type { Command } from 'commander';
import { action, type Context, example } from '../lib/context.js';
import { tagList } from '../lib/input.js';
import { type PageOptions, paged, pageQuery } from '../lib/list.js';
import { print, printPage } from '../lib/output.js';
import { collectionTable, poemTable, showCollection } from '../lib/render.js';

type NewOptions = { title?: string; tags?: string; description?: string; public?: boolean };

const printCollection = ({ output }: Context, body: { collection: Collection }) =>
  print(output, body, ({ collection }) => showCollection(collection));

export function collectionCommands(program: Command) {
  const collection = program
    .command('collection')
    .description('gather poems, yours and others, into collections')
    .addHelpText(
      'after',
      example(
        'poet collection new --title "Sea poems" --public',
        'poet collection add <collection> <poem>',
      ),
    );

  collection
    .command('new')
    .description('create a collection (private unless --public)')
    .option('--title <title>', 'the title')
    .option('--tags <tags>', 'comma-separated tags')
    .option('--description <text>', 'a description')
    .option('--public', 'make it public at once')
    .addHelpText('after', example('poet collection new --title "Sea poems" --tags sea,salt'))
    .action(
      action(async (context, options: NewOptions) => {
        const body = {
          ...(options.title !== undefined ? { title: options.title } : {}),
          ...(options.tags !== undefined ? { tags: tagList(options.tags) } : {}),
          ...(options.description !== undefined ? { description: options.description } : {}),
          ...(options.public ? { is_public: true } : {}),
        };
        printCollection(context, await context.client.me.collections.create({ body }));
      }),
    );

  paged(collection.command('list'))
    .description('list your collections, private ones included')
    .addHelpText('after', example('poet collection list --json'))
    .action(
      action(async ({ client, output }, options: PageOptions) => {
        const page = await client.me.collections.list({ query: pageQuery(options) });
        printPage(output, page, ({ collections }) => collectionTable(collections));
      }),
    );

  paged(collection.command('show'))
    .argument('<collection>', 'the collection id')
    .description('show a collection and its poems (with --json: the collection, its poems and next_cursor)')
    .addHelpText('after', example('poet collection show 0190c0de-…'))
    .action(
      action(async ({ client, output }, collectionId: string, options: PageOptions) => {
        const params = { collectionId };
        const [shown, poems] = await Promise.all([
          client.collection.get({ params }),
          client.collection.poems.list({ params, query: pageQuery(options) }),
        ]);
        printPage(
          output,
          { ...shown, ...poems },
          (page) => `${showCollection(page.collection)}\n\n${poemTable(page.poems)}`,
        );
      }),
    );

  collection
    .command('add')
    .argument('<collection>', 'the collection id')
    .argument('<poem>', 'the poem id: one of yours, or a published poem of another author')
    .option('--hidden', 'keep it out of the public view of the collection')
    .description('add a poem to one of your collections')
    .addHelpText('after', example('poet collection add 0190c0de-… 0190beef-…'))
    .action(
      action(async (context, collectionId: string, poemId: string, options: { hidden?: boolean }) => {
        const body = { is_hidden: options.hidden === true };
        printCollection(
          context,
          await context.client.me.collections.poems.add({ params: { collectionId, poemId }, body }),
        );
      }),
    );

  collection
    .command('rm')
    .argument('<collection>', 'the collection id')
    .argument('<poem>', 'the poem id')
    .description('take a poem out of one of your collections (the poem stays)')
    .addHelpText('after', example('poet collection rm 0190c0de-… 0190beef-…'))
    .action(
      action(async (context, collectionId: string, poemId: string) => {
        printCollection(
          context,
          await context.client.me.collections.poems.remove({ params: { collectionId, poemId } }),
        );
      }),
    );

  collection
    .command('delete')
    .argument('<collection>', 'the collection id')
    .description('delete one of your collections (its poems stay)')
    .addHelpText('after', example('poet collection delete 0190c0de-…'))
    .action(
      action(async (context, collectionId: string) => {
        printCollection(context, await context.client.me.collections.delete({ params: { collectionId } }));
      }),
    );

  for (const isPublic of [true, false]) {
    const name = isPublic ? 'publish' : 'hide';
    collection
      .command(name)
      .argument('<collection>', 'the collection id')
      .description(isPublic ? 'make a collection public' : 'make a collection private')
      .addHelpText('after', example(`poet collection ${name} 0190c0de-…`))
      .action(
        action(async (context, collectionId: string) => {
          const body = { is_public: isPublic };
          printCollection(
            context,
            await context.client.me.collections.update({ params: { collectionId }, body }),
          );
        }),
      );
  }
}
