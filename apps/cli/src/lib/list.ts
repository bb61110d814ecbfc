import { type Command, InvalidArgumentError } from 'commander';

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
