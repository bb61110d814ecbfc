import type { Command } from 'commander';
import { action, example } from '../lib/context.js';
import { listAction, type PageOptions, paged, pageQuery } from '../lib/list.js';
import { print, printPage } from '../lib/output.js';
import { poemTable, showPoem } from '../lib/render.js';
import { exactlyOne } from '../lib/usage.js';

export function discoverCommands(program: Command) {
  program
    .command('read')
    .argument('<poem>', 'the poem id')
    .description('print a published poem and count a read (without counting one: poet show)')
    .addHelpText('after', example('poet read 0190c0de-…'))
    .action(
      action(async ({ client, output }, poemId: string) => {
        const read = await client.poem.metrics.increment({ params: { poemId }, body: { metric: 'read' } });
        print(output, read, ({ poem }) => showPoem(poem));
      }),
    );

  program
    .command('show')
    .argument('[poem]', 'the poem id')
    .option('--share <key>', 'the share key of a private link (poet poem share) instead of an id')
    .description('print a published poem without counting a read; with --share, any poem its link opens')
    .addHelpText('after', example('poet show 0190c0de-…', 'poet show --share 9f86d081…'))
    .action(
      action(async ({ client, output, command }, poemId: string | undefined, options: { share?: string }) => {
        exactlyOne(command, 'a poem id or --share <key>', poemId, options.share);
        const shown =
          options.share === undefined
            ? await client.poem.get({ params: { poemId: poemId as string } })
            : await client.poem.private.get({ params: { shareKey: options.share } });
        print(output, shown, ({ poem }) => showPoem(poem));
      }),
    );

  paged(program.command('search'))
    .argument('<words...>', 'what to look for')
    .option('--tags <tags>', 'only poems with all these comma-separated tags')
    .description('search published poems')
    .addHelpText('after', example('poet search raven midnight --tags gothic'))
    .action(
      action(async ({ client, output }, words: string[], options: PageOptions & { tags?: string }) => {
        const query = {
          ...pageQuery(options),
          q: words.join(' '),
          ...(options.tags ? { tags: options.tags } : {}),
        };
        printPage(output, await client.poem.search({ query }), ({ poems }) => poemTable(poems));
      }),
    );

  paged(program.command('feed'))
    .description('new poems of the authors and collections you follow')
    .addHelpText('after', example('poet feed --limit 5'))
    .action(
      listAction(
        (client, query) => client.me.feed({ query }),
        ({ poems }) => poemTable(poems),
      ),
    );
}
