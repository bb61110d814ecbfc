import type { Command } from 'commander';
import { action, example } from '../lib/context.js';
import { type PageOptions, paged, pageQuery } from '../lib/list.js';
import { print, printPage } from '../lib/output.js';
import { poemTable, showPoem } from '../lib/render.js';

export function discoverCommands(program: Command) {
  program
    .command('read')
    .argument('<poem>', 'the poem id')
    .description('print a published poem and count a read')
    .addHelpText('after', example('poet read 0190c0de-…'))
    .action(
      action(async ({ client, output }, poemId: string) => {
        const read = await client.poem.metrics.increment({ params: { poemId }, body: { metric: 'read' } });
        print(output, read, ({ poem }) => showPoem(poem));
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
      action(async ({ client, output }, options: PageOptions) => {
        printPage(output, await client.me.feed({ query: pageQuery(options) }), ({ poems }) =>
          poemTable(poems),
        );
      }),
    );
}
