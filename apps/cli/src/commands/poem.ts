import { type MyPoem, UpdatePoemBody, type UpdatePoemInput } from '@poetry/sdk';
import { type Command, InvalidArgumentError } from 'commander';
import { action, type Context, example } from '../lib/context.js';
import { writeInEditor } from '../lib/editor.js';
import { LocalFailure } from '../lib/failure.js';
import { givenBody, tagList } from '../lib/input.js';
import { listAction, paged } from '../lib/list.js';
import { dim, EXIT_USAGE, print } from '../lib/output.js';
import { deleted, poemTable, showPoem } from '../lib/render.js';
import { usageError } from '../lib/usage.js';

type EditOptions = { title?: string; tags?: string; file?: string; allowEmpty?: boolean };

const editOptions = (command: Command) =>
  command
    .option('--title <title>', 'the title')
    .option('--tags <tags>', 'comma-separated tags, replacing the old ones')
    .option(
      '--file <path>',
      'the body from a file, or "-" for stdin (default: stdin if piped, else your editor: $VISUAL, $EDITOR or vi)',
    )
    .option(
      '--allow-empty',
      'accept an empty body (refused otherwise, so that nothing is blanked by mistake)',
    );

/**
 * The fields to send: only those given, checked against the contract before anything is sent
 * (exit 2, as the server's `validation_failed`). An empty body (an empty pipe or file) is refused
 * without `--allow-empty`: it would blank the poem. (The editor's is refused by `writeInEditor`.)
 */
function changes(command: Command, options: EditOptions, body: string | undefined): UpdatePoemInput {
  if (body !== undefined && body.trim() === '' && !options.allowEmpty) {
    usageError(command, 'the body is empty; give it on stdin or with --file, or pass --allow-empty');
  }
  const fields: UpdatePoemInput = {
    ...(options.title !== undefined ? { title: options.title } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(options.tags !== undefined ? { tags: tagList(options.tags) } : {}),
  };
  const checked = UpdatePoemBody.safeParse(fields);
  if (!checked.success) {
    const errors = checked.error.issues.map(({ path, message }) => ({ path: path.join('.'), message }));
    const detail = 'The poem is not valid; nothing was sent';
    throw new LocalFailure({ code: 'validation_failed', detail, errors }, EXIT_USAGE);
  }
  return fields;
}

async function update({ client, output }: Context, poemId: string, body: UpdatePoemInput) {
  print(output, await client.me.poems.update({ params: { poemId }, body }), ({ poem }) => showPoem(poem));
}

/** A new poem: a draft made, then given its fields; removed if they are refused, so that no empty draft is left. */
async function create(context: Context, fields: UpdatePoemInput) {
  const { poem: draft } = await context.client.me.poems.create({ body: {} });
  try {
    await update(context, draft.id, fields);
  } catch (error) {
    await context.client.me.poems.delete({ params: { poemId: draft.id } }).catch(() => undefined);
    throw error;
  }
}

const byId = (group: Command, name: string, description: string, ...moreExamples: string[]) =>
  group
    .command(name)
    .argument('<poem>', 'the poem id')
    .description(description)
    .addHelpText('after', example(`poet poem ${name} 0190c0de-…`, ...moreExamples));

/**
 * `--at`: an ISO 8601 date and time, in local time unless it names its offset; sent as UTC.
 * Whether it is in the future is the server's to say (its clock decides).
 */
function publishTime(value: string): string {
  const time = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value) ? new Date(value) : undefined;
  if (time === undefined || Number.isNaN(time.getTime()))
    throw new InvalidArgumentError(
      'give a date and time, e.g. 2030-05-01T09:00 (local) or 2030-05-01T09:00Z',
    );
  return time.toISOString();
}

/** The private link of a poem: the reading site's page for its share key. */
const shareLink = (server: string, poem: MyPoem) =>
  [
    `${server}/p/${poem.share_key}`,
    dim(
      `Anyone with this link can read "${poem.title || '(untitled)'}", even as a draft ` +
        `(here: poet show --share ${poem.share_key}). --renew replaces it.`,
    ),
  ].join('\n');

export function poemCommands(program: Command) {
  const poem = program
    .command('poem')
    .description('write and manage your poems')
    .addHelpText('after', example('poet poem new --title Ozymandias < ozymandias.txt', 'poet poem list'));

  editOptions(poem.command('new').description('write a new poem (a draft until published)'))
    .addHelpText(
      'after',
      example(
        'poet poem new --title "Ozymandias" --tags sonnet,shelley < ozymandias.txt',
        'poet poem new --title "Ozymandias"    # written in your editor',
      ),
    )
    .action(
      action(async (context, options: EditOptions) => {
        // All checked before a draft is made: a body that cannot be read, or a field the server
        // would refuse, must not leave an empty draft behind. The title and tags are checked
        // before the editor opens too, so that the author does not write a poem for nothing.
        const body = await givenBody(options.file);
        const fields = changes(context.command, options, body);
        if (body !== undefined) return create(context, fields);
        await writeInEditor({ allowEmpty: options.allowEmpty }, (text) =>
          create(context, changes(context.command, options, text)),
        );
      }),
    );

  editOptions(
    byId(poem, 'edit', 'change a poem (without --title or --tags, the body opens in your editor)'),
  ).action(
    action(async (context, poemId: string, options: EditOptions) => {
      const { client, command } = context;
      const onlyFields =
        options.file === undefined && (options.title !== undefined || options.tags !== undefined);
      const body = onlyFields ? undefined : await givenBody(options.file);
      if (onlyFields || body !== undefined) return update(context, poemId, changes(command, options, body));
      const current = async () => (await client.me.poems.get({ params: { poemId } })).poem.body;
      await writeInEditor({ current, allowEmpty: options.allowEmpty }, (text) =>
        update(context, poemId, changes(command, options, text)),
      );
    }),
  );

  byId(poem, 'show', "show one of your poems, drafts included (another author's: poet show)").action(
    action(async ({ client, output }, poemId: string) => {
      print(output, await client.me.poems.get({ params: { poemId } }), (shown) => showPoem(shown.poem));
    }),
  );

  paged(poem.command('list').description('list your poems, drafts included'))
    .addHelpText('after', example('poet poem list --json'))
    .action(
      listAction(
        (client, query) => client.me.poems.list({ query }),
        ({ poems }) => poemTable(poems),
      ),
    );

  byId(
    poem,
    'publish',
    'publish a poem now, or schedule it with --at',
    'poet poem publish 0190c0de-… --at 2030-05-01T09:00',
  )
    .option(
      '--at <time>',
      'publish it then instead (ISO 8601; local time unless it has an offset)',
      publishTime,
    )
    .action(
      action((context, poemId: string, options: { at?: string }) =>
        update(context, poemId, options.at ? { publish_at: options.at } : { is_published: true }),
      ),
    );
  byId(poem, 'unpublish', 'take a poem back to draft, or cancel its schedule').action(
    action((context, poemId: string) => update(context, poemId, { is_published: false, publish_at: null })),
  );

  byId(
    poem,
    'share',
    'print the private link of a poem: it opens the poem, even a draft, to anyone who has it',
    'poet poem share 0190c0de-… --renew',
  )
    .option('--renew', 'replace the link: the old one opens nothing from now on')
    .action(
      action(async ({ client, output, server }, poemId: string, options: { renew?: boolean }) => {
        const params = { poemId };
        const shared = options.renew
          ? await client.me.poems.renewShareKey({ params })
          : await client.me.poems.get({ params });
        print(output, shared, ({ poem }) => shareLink(server, poem));
      }),
    );

  byId(poem, 'rm', 'delete a poem, its likes and its places in collections').action(
    action(async ({ client, output }, poemId: string) => {
      print(output, await client.me.poems.delete({ params: { poemId } }), (gone) => deleted(gone.poem.title));
    }),
  );
}
