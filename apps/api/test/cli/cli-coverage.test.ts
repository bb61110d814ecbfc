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
    const commands = await commandTree();
    expect(
      commands.filter(({ help }) => !/\nExamples?:\n {2}\$ poet /.test(help)).map(({ words }) => words),
    ).toEqual([]);
    expect(commands.length).toBeGreaterThan(60);
  }, 120_000);

  it('answers a usage error in every command with the error, its usage line and where to read more', async () => {
    const cli = await cliUser('http://127.0.0.1:9');
    const answers = await Promise.all(
      (await commandTree()).map(async ({ words, help }) => {
        const { code, stdout, stderr } = await cli.run([...words, '--no-such-option']);
        const usage = help.split('\n')[0];
        const command = ['poet', ...words].join(' ');
        // A command with a required option says that one is missing first: either is one error.
        const error = stderr.split('\n')[0];
        return { command, code, stdout, stderr: stderr.replace(error ?? '', 'error'), usage };
      }),
    );
    for (const { command, usage, ...answer } of answers) {
      expect(answer, command).toEqual({
        code: 2,
        stdout: '',
        stderr: `error\n${usage}\nRun '${command} --help' for more.\n`,
      });
    }
  }, 120_000);
});

/** The subcommands a help lists under "Commands:", up to the blank line that ends the section. */
const subcommandsIn = (help: string) =>
  [...(help.split('\nCommands:\n')[1]?.split('\n\n')[0] ?? '').matchAll(/^ {2}(\S+)/gm)]
    .map(([, name]) => name ?? '')
    .filter((name) => name !== 'help');

let tree: Promise<{ words: string[]; help: string }[]> | undefined;

/** Every command, `poet` first, with its --help: walked once from `poet --help` down. */
function commandTree() {
  tree ??= (async () => {
    const cli = await cliUser('http://127.0.0.1:9');
    const walk = async (words: string[]): Promise<{ words: string[]; help: string }[]> => {
      expect(words.length, 'commands nest three deep at most').toBeLessThan(4);
      const help = await cli.run([...words, '--help']);
      expect(help.code, words.join(' ')).toBe(0);
      const below = await Promise.all(subcommandsIn(help.stdout).map((name) => walk([...words, name])));
      return [{ words, help: help.stdout }, ...below.flat()];
    };
    return walk([]);
  })();
  return tree;
}
