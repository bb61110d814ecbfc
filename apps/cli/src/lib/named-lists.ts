import type { PoetryClient } from '@poetry/sdk';
import type { Command } from 'commander';
import { example } from './context.js';
import { type ListQuery, listAction, paged } from './list.js';

/** A group of named lists (`poet authors top`, `poet collections genre sea`), one command a list. */
export type NamedLists<Page extends { next_cursor: string | null }> = {
  group: string;
  description: string;
  /** The fixed lists: their id and what they hold. */
  lists: readonly (readonly [string, string])[];
  /** What `genre <tag>` holds. */
  genre: string;
  get: (client: PoetryClient, listId: string, query: ListQuery) => Promise<Page>;
  table: (page: Page) => string;
};

export function namedListCommands<Page extends { next_cursor: string | null }>(
  program: Command,
  spec: NamedLists<Page>,
) {
  const group = program
    .command(spec.group)
    .description(spec.description)
    .addHelpText(
      'after',
      example(`poet ${spec.group} ${spec.lists[0]?.[0]}`, `poet ${spec.group} genre sonnet --json`),
    );

  for (const [name, description] of spec.lists) {
    paged(group.command(name))
      .description(description)
      .addHelpText('after', example(`poet ${spec.group} ${name}`))
      .action(listAction((client, query) => spec.get(client, name, query), spec.table));
  }

  paged(group.command('genre'))
    .argument('<tag>', 'the genre: a tag')
    .description(spec.genre)
    .addHelpText('after', example(`poet ${spec.group} genre sonnet`))
    .action(listAction((client, query, tag: string) => spec.get(client, `genre:${tag}`, query), spec.table));
}
