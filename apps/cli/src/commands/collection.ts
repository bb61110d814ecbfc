import type { Collection, CollectionResponse, PoemList } from '@poetry/sdk';
import type { Command } from 'commander';
import { commandPath } from '../lib/command-tree.js';
import { action, type Context, example } from '../lib/context.js';
import { tagList } from '../lib/input.js';
import { listAction, type PageOptions, paged, pageQuery } from '../lib/list.js';
import { type Output, print, printPage, spinning } from '../lib/output.js';
import {
  authorTable,
  collectionPoemTable,
  collectionTable,
  deleted,
  poemTable,
  showCollection,
} from '../lib/render.js';
import { fileForm } from '../lib/upload.js';
import { someChange } from '../lib/usage.js';

type NewOptions = { title?: string; tags?: string; description?: string; public?: boolean };
type EditOptions = { title?: string; tags?: string[]; description?: string };

const printCollection = ({ output }: Context, body: { collection: Collection }) =>
  print(output, body, ({ collection }) => showCollection(collection));

/** A collection and a page of its poems: with --json, the collection, its poems and next_cursor. */
export async function printCollectionPage(
  output: Output,
  collection: Promise<CollectionResponse>,
  poems: Promise<PoemList>,
) {
  const [shown, page] = await Promise.all([collection, poems]);
  printPage(
    output,
    { ...shown, ...page },
    (both) => `${showCollection(both.collection)}\n\n${poemTable(both.poems)}`,
  );
}

/** A command on one collection, its example given that collection's id and `moreArguments`. */
const byId = (group: Command, name: string, description: string, moreArguments = '') =>
  group
    .command(name)
    .argument('<collection>', 'the collection id')
    .description(description)
    .addHelpText('after', example(`${commandPath(group)} ${name} 0190c0de-…${moreArguments}`));

export function collectionCommands(program: Command) {
  const collection = program
    .command('collection')
    .description('gather poems, yours and others, into collections (public lists: poet collections)')
    .addHelpText(
      'after',
      example('poet collection new --title "Sea poems" --public', 'poet collection add <collection> <poem>'),
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

  byId(
    collection,
    'edit',
    'change the title, description or tags of one of your collections (only those given)',
    ' --title "Salt" --tags sea,salt',
  )
    .option('--title <title>', 'the title')
    .option('--description <text>', 'the description')
    .option('--tags <tags>', 'comma-separated tags, replacing the old ones ("" removes them all)', tagList)
    .action(
      action(async (context, collectionId: string, fields: EditOptions) => {
        someChange(context.command, fields, '--title, --description or --tags');
        const params = { collectionId };
        printCollection(context, await context.client.me.collections.update({ params, body: fields }));
      }),
    );

  paged(collection.command('list'))
    .description('list your collections, private ones included')
    .addHelpText('after', example('poet collection list --json'))
    .action(
      listAction(
        (client, query) => client.me.collections.list({ query }),
        ({ collections }) => collectionTable(collections),
      ),
    );

  paged(
    byId(
      collection,
      'show',
      'show a collection and its poems (with --json: the collection, its poems and next_cursor)',
    ),
  ).action(
    action(async ({ client, output }, collectionId: string, options: PageOptions) => {
      const params = { collectionId };
      await printCollectionPage(
        output,
        client.collection.get({ params }),
        client.collection.poems.list({ params, query: pageQuery(options) }),
      );
    }),
  );

  paged(
    byId(
      collection,
      'poems',
      'every poem of one of your collections as you see it, with those hidden from the public',
    ),
  ).action(
    listAction(
      (client, query, collectionId: string) =>
        client.me.collections.poems.list({ params: { collectionId }, query }),
      ({ poems }) => collectionPoemTable(poems),
    ),
  );

  byId(collection, 'add', 'add a poem to one of your collections', ' 0190beef-…')
    .argument('<poem>', 'the poem id: one of yours, or a published poem of another author')
    .option('--hidden', 'keep it out of the public view of the collection')
    .action(
      action(async (context, collectionId: string, poemId: string, options: { hidden?: boolean }) => {
        const body = { is_hidden: options.hidden === true };
        printCollection(
          context,
          await context.client.me.collections.poems.add({ params: { collectionId, poemId }, body }),
        );
      }),
    );

  for (const hidden of [true, false]) {
    const name = hidden ? 'hide-poem' : 'show-poem';
    byId(
      collection,
      name,
      hidden
        ? 'hide a poem of your collection from its public view; you still see it (adds it if it is not in)'
        : 'show a hidden poem in the public view of your collection again (adds it if it is not in)',
      ' 0190beef-…',
    )
      .argument('<poem>', 'the poem id')
      .action(
        action(async ({ client, output }, collectionId: string, poemId: string) => {
          const body = { is_hidden: hidden };
          const changed = await client.me.collections.poems.add({ params: { collectionId, poemId }, body });
          print(output, changed, ({ collection: { title } }) =>
            hidden ? `Hidden from the public view of "${title}".` : `Shown in the public view of "${title}".`,
          );
        }),
      );
  }

  byId(collection, 'rm', 'take a poem out of one of your collections (the poem stays)', ' 0190beef-…')
    .argument('<poem>', 'the poem id')
    .action(
      action(async (context, collectionId: string, poemId: string) => {
        printCollection(
          context,
          await context.client.me.collections.poems.remove({ params: { collectionId, poemId } }),
        );
      }),
    );

  byId(collection, 'delete', 'delete one of your collections (its poems stay)').action(
    action(async ({ client, output }, collectionId: string) => {
      const gone = await client.me.collections.delete({ params: { collectionId } });
      print(output, gone, ({ collection: { title } }) => deleted(title));
    }),
  );

  for (const isPublic of [true, false]) {
    const name = isPublic ? 'publish' : 'hide';
    byId(collection, name, isPublic ? 'make a collection public' : 'make a collection private').action(
      action(async (context, collectionId: string) => {
        const body = { is_public: isPublic };
        printCollection(
          context,
          await context.client.me.collections.update({ params: { collectionId }, body }),
        );
      }),
    );
  }

  paged(byId(collection, 'followers', 'the authors who follow a collection, latest follow first')).action(
    listAction(
      (client, query, collectionId: string) =>
        client.collection.followers.list({ params: { collectionId }, query }),
      ({ authors }) => authorTable(authors),
    ),
  );

  const image = collection
    .command('image')
    .description('the image of one of your collections (1200×630)')
    .addHelpText('after', example('poet collection image set 0190c0de-… sea.jpg'));

  byId(image, 'set', 'upload the image of one of your collections', ' sea.jpg')
    .argument('<file>', 'a JPEG, PNG, WebP or GIF of at most 5 MB')
    .action(
      action(async (context, collectionId: string, file: string) => {
        const body = await fileForm('image', file);
        const update = context.client.me.collections.update({ params: { collectionId }, body });
        printCollection(context, await spinning('uploading', update));
      }),
    );

  byId(image, 'rm', 'remove the image of one of your collections (none there is fine too)').action(
    action(async (context, collectionId: string) => {
      printCollection(context, await context.client.me.collections.removeImage({ params: { collectionId } }));
    }),
  );
}
