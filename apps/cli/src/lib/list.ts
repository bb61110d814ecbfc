import type { PoetryClient } from '@poetry/sdk';
import { type Command, InvalidArgumentError } from 'commander';
import { action } from './context.js';
import { printPage } from './output.js';

/** `--limit` and `--cursor` of every list command. */
export type PageOptions = { limit?: number; cursor?: string };

function pageLimit(value: string): number {
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw new InvalidArgumentError('a number from 1 to 100');
  return limit;
}

/** Adds `--limit` and `--cursor` to a list command. */
export const paged = (command: Command) =>
  command
    .option('--limit <n>', 'how many per page (1..100, default 20)', pageLimit)
    .option('--cursor <cursor>', 'the page after this cursor (printed under the previous page)');

/** The page query for the SDK, without the options not given. */
export const pageQuery = ({ limit, cursor }: PageOptions) => ({
  ...(limit !== undefined ? { limit } : {}),
  ...(cursor !== undefined ? { cursor } : {}),
});

export type ListQuery = ReturnType<typeof pageQuery>;

/**
 * The action of a list command: asks `list` for the page the options name (after the command's
 * own arguments, `args`), and prints it as `table`, or as JSON with `--json`.
 */
export function listAction<Args extends string[], Page extends { next_cursor: string | null }>(
  list: (client: PoetryClient, query: ListQuery, ...args: Args) => Promise<Page>,
  table: (page: Page) => string,
) {
  return action(async ({ client, output }, ...args: unknown[]) => {
    const options = args.at(-1) as PageOptions;
    printPage(output, await list(client, pageQuery(options), ...(args.slice(0, -1) as Args)), table);
  });
}
