import type { Command } from 'commander';
import { action, example } from '../lib/context.js';
import { type PageOptions, paged, pageQuery } from '../lib/list.js';
import { printPage } from '../lib/output.js';
import { authorTable } from '../lib/render.js';

const LISTS = [
  ['top', 'authors with the most likes on their published poems'],
  ['featured', 'authors with the most followers'],
  ['new', 'the newest authors'],
] as const;

const show = (listId: string) =>
  action(async ({ client, output }, ...args: unknown[]) => {
    const options = args.at(-1) as PageOptions;
    const page = await client.author.lists.get({ params: { listId }, query: pageQuery(options) });
    printPage(output, page, ({ authors }) => authorTable(authors));
  });

export function authorsCommands(program: Command) {
  const authors = program
    .command('authors')
    .description('lists of authors')
    .addHelpText('after', example('poet authors top', 'poet authors genre sonnet --json'));

  for (const [name, description] of LISTS) {
    paged(authors.command(name))
      .description(description)
      .addHelpText('after', example(`poet authors ${name}`))
      .action(show(name));
  }

  paged(authors.command('genre'))
    .argument('<tag>', 'the genre: a poem tag')
    .description('authors of published poems with this tag, most liked first')
    .addHelpText('after', example('poet authors genre sonnet'))
    .action((tag: string, ...rest: unknown[]) => show(`genre:${tag}`)(...rest));
}
