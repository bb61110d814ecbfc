import { UpdatePoemBody, type UpdatePoemInput } from '@poetry/sdk';
import type { Command } from 'commander';
import { action, type Context, example } from '../lib/context.js';
import { poemBody, tagList } from '../lib/input.js';
import { type PageOptions, paged, pageQuery } from '../lib/list.js';
import { EXIT_USAGE, print, printPage } from '../lib/output.js';
import { poemTable, showPoem } from '../lib/render.js';

type EditOptions = { title?: string; tags?: string; file?: string; allowEmpty?: boolean };

const editOptions = (command: Command) =>
  command
    .option('--title <title>', 'the title')
    .option('--tags <tags>', 'comma-separated tags, replacing the old ones')
    .option('--file <path>', 'the body from a file, or "-" for stdin (default: stdin if piped, else $EDITOR)')
    .option(
      '--allow-empty',
      'accept an empty body (refused otherwise, so that nothing is blanked by mistake)',
    );

/**
 * The fields to send: only those given, checked against the contract before anything is sent.
 * An empty body (an empty pipe, an editor closed on an empty file) is refused without
 * `--allow-empty`: it would blank the poem.
 */
function changes(command: Command, options: EditOptions, body: string | undefined): UpdatePoemInput {
  if (body !== undefined && body.trim() === '' && !options.allowEmpty) {
    command.error('error: the body is empty; give it on stdin or with --file, or pass --allow-empty', {
      exitCode: EXIT_USAGE,
    });
  }
  const fields: UpdatePoemInput = {
    ...(options.title !== undefined ? { title: options.title } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(options.tags !== undefined ? { tags: tagList(options.tags) } : {}),
  };
  const checked = UpdatePoemBody.safeParse(fields);
  if (!checked.success) {
    const problems = checked.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    command.error(['error: nothing was sent:', ...problems].join('\n'), { exitCode: EXIT_USAGE });
  }
  return fields;
}

async function update({ client, output }: Context, poemId: string, body: UpdatePoemInput) {
  print(output, await client.me.poems.update({ params: { poemId }, body }), ({ poem }) => showPoem(poem));
}

const byId = (group: Command, name: string, description: string) =>
  group
    .command(name)
    .argument('<poem>', 'the poem id')
    .description(description)
    .addHelpText('after', example(`poet poem ${name} 0190c0de-…`));

export function poemCommands(program: Command) {
  const poem = program
    .command('poem')
    .description('write and manage your poems')
    .addHelpText('after', example('poet poem new --title Ozymandias < ozymandias.txt', 'poet poem list'));

  editOptions(poem.command('new').description('write a new poem (a draft until published)'))
    .addHelpText(
      'after',
      example('poet poem new --title "Ozymandias" --tags sonnet,shelley < ozymandias.txt'),
    )
    .action(
      action(async (context, options: EditOptions) => {
        // All checked first: a body that cannot be read, or a field the server would refuse,
        // must not leave an empty draft behind.
        const fields = changes(context.command, options, await poemBody(options.file));
        const { poem: draft } = await context.client.me.poems.create({ body: {} });
        try {
          await update(context, draft.id, fields);
        } catch (error) {
          await context.client.me.poems.delete({ params: { poemId: draft.id } }).catch(() => undefined);
          throw error;
        }
      }),
    );

  editOptions(
    byId(poem, 'edit', 'change a poem (without --title or --tags, the body opens in $EDITOR)'),
  ).action(
    action(async (context, poemId: string, options: EditOptions) => {
      const onlyFields =
        options.file === undefined && (options.title !== undefined || options.tags !== undefined);
      const current = onlyFields ? '' : (await context.client.me.poems.get({ params: { poemId } })).poem.body;
      const body = onlyFields ? undefined : await poemBody(options.file, current);
      await update(context, poemId, changes(context.command, options, body));
    }),
  );

  byId(poem, 'show', 'show one of your poems, drafts included').action(
    action(async ({ client, output }, poemId: string) => {
      print(output, await client.me.poems.get({ params: { poemId } }), (shown) => showPoem(shown.poem));
    }),
  );

  paged(poem.command('list').description('list your poems, drafts included'))
    .addHelpText('after', example('poet poem list --json'))
    .action(
      action(async ({ client, output }, options: PageOptions) => {
        printPage(output, await client.me.poems.list({ query: pageQuery(options) }), ({ poems }) =>
          poemTable(poems),
        );
      }),
    );

  byId(poem, 'publish', 'publish a poem').action(
    action((context, poemId: string) => update(context, poemId, { is_published: true })),
  );
  byId(poem, 'unpublish', 'take a poem back to draft').action(
    action((context, poemId: string) => update(context, poemId, { is_published: false })),
  );

  byId(poem, 'rm', 'delete a poem, its likes and its places in collections').action(
    action(async ({ client, output }, poemId: string) => {
      print(
        output,
        await client.me.poems.delete({ params: { poemId } }),
        (gone) => `Deleted "${gone.poem.title}".`,
      );
    }),
  );
}
