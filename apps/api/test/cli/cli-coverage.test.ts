import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { contract, namedRoutes, type RouteName } from '@poetry/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { cliUser, removeConfigDirs } from './run-cli.js';

afterAll(removeConfigDirs);

const cliSources = path.resolve(import.meta.dirname, '../../../cli/src');

/** The routes no command calls, on purpose. */
const UNCALLED: Partial<Record<RouteName, string>> = {
  'auth.logoutPost': 'the same as GET /api/auth/logout, which `poet logout` calls',
  'me.collections.poems.removeAlias':
    'a second spelling of me.collections.poems.remove (`poet collection rm`)',
  'author.poems.get': 'one published poem: `poet show` reads it by its id alone (poem.get)',
  'mail.unsubscribe': "a mail client's one click (`poet notifications off` is the author's way)",
  'collection.poems.get':
    'one poem of a collection: `poet show` reads it by its id, `poet collection show` lists them',
  'poem.around': "a reader's next poems, for the poem page; `poet author poems` lists an author's",
};

/** Every TypeScript source of the CLI, as one text. */
async function sourceText(): Promise<string> {
  const files = await readdir(cliSources, { recursive: true });
  const texts = files
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFile(path.join(cliSources, file), 'utf8'));
  return (await Promise.all(texts)).join('\n');
}

/** Whether the sources call the route through the SDK: `client.me.poems.update`, nothing longer. */
const calls = (source: string, route: string) =>
  new RegExp(`\\bclient\\.${route.replaceAll('.', '\\.')}(?![\\w$])`).test(source);

describe('poet covers what an author does', () => {
  it('calls every route of the contract but the few left out on purpose', async () => {
    const source = await sourceText();
    const uncalled = namedRoutes(contract)
      .map(({ name }) => name)
      .filter((name) => !calls(source, name));
    expect(uncalled.sort()).toEqual(Object.keys(UNCALLED).sort());
  });

  it('gives every command a --help with an example', async () => {
    const cli = await cliUser('http://127.0.0.1:9');
    /** The subcommands a help lists under "Commands:", up to the blank line that ends the section. */
    const subcommands = (help: string) =>
      [...(help.split('\nCommands:\n')[1]?.split('\n\n')[0] ?? '').matchAll(/^ {2}(\S+)/gm)]
        .map(([, name]) => name ?? '')
        .filter((name) => name !== 'help');
    /** The commands from `command` down, each with whether its help has an example. */
    const walk = async (command: string[]): Promise<[string, boolean][]> => {
      expect(command.length, 'commands nest three deep at most').toBeLessThan(4);
      const help = await cli.run([...command, '--help']);
      expect(help.code, command.join(' ')).toBe(0);
      const below = await Promise.all(subcommands(help.stdout).map((name) => walk([...command, name])));
      return [[`poet ${command.join(' ')}`, /\nExamples?:\n {2}\$ poet /.test(help.stdout)], ...below.flat()];
    };
    const commands = await walk([]);
    expect(commands.filter(([, hasExample]) => !hasExample)).toEqual([]);
    expect(commands.length).toBeGreaterThan(60);
  }, 120_000);
});
