import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { contract, namedRoutes, type RouteName } from '@poetry/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliUser, removeConfigDirs } from './run-cli.js';

afterAll(removeConfigDirs);

const run = promisify(execFile);

const cliSources = path.resolve(import.meta.dirname, '../../../cli/src');

/** The routes no command calls, on purpose. */
const UNCALLED: Partial<Record<RouteName, string>> = {
  'auth.logoutPost': 'the same as GET /api/auth/logout, which `poet logout` calls',
  'me.collections.poems.removeAlias':
    'a second spelling of me.collections.poems.remove (`poet collection rm`)',
  'author.poems.get': 'one published poem: `poet show` reads it by its id alone (poem.get)',
  'mail.unsubscribe': "a mail client's one click (`poet notifications off` is the author's way)",
  'poem.card': "a poem's link-preview image, for the sites its page is shared on; `poet` shows text",
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

/** The words of a command, and the subcommands its completion must offer. */
type Completed = { words: string[]; subcommands: string[] };

describe('poet completion', () => {
  let commands: Completed[];
  const scripts: Record<string, string> = {};
  beforeAll(async () => {
    commands = (await commandTree()).map(({ words, help }) => ({ words, subcommands: subcommandsIn(help) }));
    const cli = await cliUser('http://127.0.0.1:9');
    for (const shell of SHELLS) {
      const { code, stdout } = await cli.run(['completion', shell]);
      expect(code).toBe(0);
      scripts[shell] = path.join(cli.configDir, `poet.${shell}`);
      await writeFile(scripts[shell], stdout);
    }
  }, 120_000);

  it('prints for each shell a script naming every command', async () => {
    for (const shell of SHELLS) {
      const script = await readFile(scripts[shell] ?? '', 'utf8');
      for (const { words } of commands.slice(1))
        expect(script, `${shell}: ${words.join(' ')}`).toContain(words.at(-1));
    }
  });

  it('bash: loads, and completes the subcommands, options and choices of the command typed', async () => {
    await run('bash', ['-n', scripts.bash ?? '']);
    /** What `_poet` completes after `words`, for each of `typed`, in one bash. */
    const completed = async (typed: string[][]) => {
      const lines = typed.map(
        (words) =>
          `COMP_WORDS=(poet ${words.map((word) => `'${word}'`).join(' ')}); COMP_CWORD=${words.length}; _poet; echo "\${COMPREPLY[*]}"`,
      );
      const { stdout } = await run('bash', ['-c', [`source '${scripts.bash}'`, ...lines].join('\n')]);
      return stdout.split('\n').slice(0, typed.length);
    };
    const groups = commands.filter(({ subcommands }) => subcommands.length > 0);
    expect(await completed(groups.map(({ words }) => [...words, '']))).toEqual(
      groups.map(({ subcommands }) => subcommands.join(' ')),
    );
    expect(
      await completed([
        ['po'],
        ['--server', 'http://localhost:3000', 'po'],
        ['poem', 'new', '--t'],
        ['notifications', ''],
        ['poem', 'new', '--file', ''],
      ]),
    ).toEqual(['poem', 'poem', '--title --tags --timeout', 'each daily off', '']);
  });

  // zsh and fish are checked where they are installed.
  it.skipIf(!installed('zsh'))('zsh: loads', async () => {
    await run('zsh', ['-n', scripts.zsh ?? '']);
  });

  it.skipIf(!installed('fish'))(
    'fish: loads, and completes the subcommands of the command typed',
    async () => {
      await run('fish', ['--no-execute', scripts.fish ?? '']);
      const { stdout } = await run('fish', [
        '-c',
        `source '${scripts.fish}'; complete -C 'poet po'; complete -C 'poet poem '`,
      ]);
      const poem = commands.find(({ words }) => words.join(' ') === 'poem')?.subcommands ?? [];
      expect(
        stdout
          .split('\n')
          .map((line) => line.split('\t')[0])
          .filter(Boolean)
          .sort(),
      ).toEqual(['poem', ...poem].sort());
    },
  );
});

const SHELLS = ['bash', 'zsh', 'fish'];

const installed = (shell: string) =>
  (process.env.PATH ?? '').split(path.delimiter).some((folder) => existsSync(path.join(folder, shell)));

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
