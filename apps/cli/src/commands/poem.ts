import type { Poem } from '@poetry/sdk';
import type { Command } from 'commander';
import { action, type Context } from '../lib/context.js';
import { poemBody, tagList } from '../lib/input.js';
import { bold, dim, print, table } from '../lib/output.js';

type EditOptions = { title?: string; tags?: string; file?: string };

export const showPoem = (poem: Poem) =>
  [
    bold(poem.title || '(untitled)'),
    dim(
      `by ${poem.author.fullname} · ${poem.is_published ? 'published' : 'draft'} · ${poem.like_count} likes · ${poem.metrics.read} reads${poem.tags.length ? ` · ${poem.tags.join(', ')}` : ''}`,
    ),
    '',
    poem.body,
  ].join('\n');

export const poemTable = (poems: Poem[]) =>
  table(
    ['ID', 'TITLE', 'STATE', 'LIKES', 'READS'],
    poems.map((poem) => [
      poem.id,
      poem.title || '(untitled)',
      poem.is_published ? 'published' : 'draft',
      String(poem.like_count),
      String(poem.metrics.read),
    ]),
  );

const editOptions = (command: Command) =>
  command
    .option('--title <title>', 'the title')
    .option('--tags <tags>', 'comma-separated tags, replacing the old ones')
    .option(
      '--file <path>',
      'read the body from a file, or "-" for stdin (default: stdin if piped, else $EDITOR)',
    );

async function update(
  { client, output }: Context,
  poemId: string,
  body: Parameters<Context['client']['me']['poems']['update']>[0]['body'],
) {
  print(output, await client.me.poems.update({ params: { poemId }, body }), ({ poem }) => showPoem(poem));
}

export function poemCommands(program: Command) {
  const poem = program.command('poem').description('write and manage your poems');

  editOptions(poem.command('new').description('write a new poem (a draft until published)'))
    .addHelpText(
      'after',
      '\nExample:\n  $ poetry poem new --title "Ozymandias" --tags sonnet,shelley < ozymandias.txt',
    )
    .action(
      action(async (context, options: EditOptions) => {
        const { poem: draft } = await context.client.me.poems.create({ body: {} });
        const body = await poemBody(options.file);
        await update(context, draft.id, {
          ...(options.title !== undefined ? { title: options.title } : {}),
          ...(body !== undefined ? { body } : {}),
          ...(options.tags !== undefined ? { tags: tagList(options.tags) } : {}),
        });
      }),
    );

  editOptions(poem.command('edit').argument('<poem>', 'the poem id').description('change a poem'))
    .addHelpText('after', '\nExample:\n  $ poetry poem edit 0190… --title "Ozymandias of Egypt"')
    .action(
      action(async (context, poemId: string, options: EditOptions) => {
        const needsBody =
          options.file !== undefined || (options.title === undefined && options.tags === undefined);
        const current = needsBody
          ? (await context.client.me.poems.get({ params: { poemId } })).poem.body
          : '';
        const body = needsBody ? await poemBody(options.file, current) : undefined;
        await update(context, poemId, {
          ...(options.title !== undefined ? { title: options.title } : {}),
          ...(body !== undefined ? { body } : {}),
          ...(options.tags !== undefined ? { tags: tagList(options.tags) } : {}),
        });
      }),
    );

  poem
    .command('show')
    .argument('<poem>', 'the poem id')
    .description('show one of your poems')
    .addHelpText('after', '\nExample:\n  $ poetry poem show 0190…')
    .action(
      action(async ({ client, output }, poemId: string) => {
        print(output, await client.me.poems.get({ params: { poemId } }), ({ poem: shown }) =>
          showPoem(shown),
        );
      }),
    );

  poem
    .command('list')
    .description('list your poems, drafts included')
    .option('--limit <n>', 'how many', '20')
    .addHelpText('after', '\nExample:\n  $ poetry poem list --json')
    .action(
      action(async ({ client, output }, options: { limit: string }) => {
        const page = await client.me.poems.list({ query: { limit: Number(options.limit) } });
        print(output, page, ({ poems }) => poemTable(poems));
      }),
    );

  for (const [name, is_published, text] of [
    ['publish', true, 'publish a poem'],
    ['unpublish', false, 'take a poem back to draft'],
  ] as const) {
    poem
      .command(name)
      .argument('<poem>', 'the poem id')
      .description(text)
      .addHelpText('after', `\nExample:\n  $ poetry poem ${name} 0190…`)
      .action(action(async (context, poemId: string) => update(context, poemId, { is_published })));
  }

  poem
    .command('rm')
    .argument('<poem>', 'the poem id')
    .description('delete a poem, its likes and its places in collections')
    .addHelpText('after', '\nExample:\n  $ poetry poem rm 0190…')
    .action(
      action(async ({ client, output }, poemId: string) => {
        print(
          output,
          await client.me.poems.delete({ params: { poemId } }),
          ({ poem: gone }) => `Deleted "${gone.title}".`,
        );
      }),
    );
}
