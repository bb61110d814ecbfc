import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MyPoem } from '@poetry/sdk';
import { freePort } from '@poetry/test-support/free-ports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../support/authors.js';
import { useTestServer } from '../support/server.js';
import { loggedInCli } from './logged-in-cli.js';
import { CTRL_C, cliUser, removeConfigDirs } from './run-cli.js';

const server = useTestServer();
afterAll(removeConfigDirs);

/** Editors as shell scripts, each doing to the file "$1" what an author would. */
const EDITORS = {
  visual: `printf 'Written in $VISUAL\\n' > "$1"`,
  editor: `printf 'Written in $EDITOR\\n' > "$1"`,
  appends: `printf 'and one more line\\n' >> "$1"`,
  empties: `: > "$1"`,
  leaves: 'exit 0',
  fails: `printf 'half a poem\\n' > "$1"; exit 3`,
  overlong: `head -c 100001 /dev/zero | tr '\\0' a > "$1"`,
  // Shows a prompt, so that the test types Ctrl-C then, and waits as an editor does.
  waits: `printf 'Editing: '; exec sleep 60`,
  // As when the system ends the session: every process of the terminal's foreground gets SIGTERM.
  terminated: 'kill -TERM 0; sleep 60',
};
type EditorName = keyof typeof EDITORS;

let editors: string;
/** A folder with only `vi` in it (writing "Written in vi"), and one with nothing. */
let viOnly: string;
let nothing: string;
const editor = (name: EditorName) => path.join(editors, name);

beforeAll(async () => {
  editors = path.join((await cliUser(server.url)).configDir, 'editors');
  viOnly = path.join(editors, 'vi-only');
  nothing = path.join(editors, 'nothing');
  await Promise.all([mkdir(viOnly, { recursive: true }), mkdir(nothing, { recursive: true })]);
  const script = (body: string) => `#!/bin/sh\n${body}\n`;
  await Promise.all([
    ...Object.entries(EDITORS).map(([name, body]) =>
      writeFile(editor(name as EditorName), script(body), { mode: 0o755 }),
    ),
    writeFile(path.join(viOnly, 'vi'), script(`printf 'Written in vi\\n' > "$1"`), { mode: 0o755 }),
  ]);
});

/** A logged-in author's `poet`, and their poems as the server has them. */
async function author() {
  const {
    cli,
    author: { email },
  } = await loggedInCli(server);
  const mine = server.client();
  await mine.auth.login({ body: { email, password: PASSWORD } });
  const poems = async (): Promise<MyPoem[]> => (await mine.me.poems.list()).poems;
  return { cli, email, poems };
}

describe("poet writes poems in the author's editor, as git does", () => {
  it('takes $VISUAL, then $EDITOR, then vi on PATH; edits the poem there', async () => {
    const { cli, poems } = await author();
    const both = { VISUAL: editor('visual'), EDITOR: editor('editor') };
    expect((await cli.atTerminal(['poem', 'new', '--title', 'One'], [], both)).code).toBe(0);
    expect(
      (await cli.atTerminal(['poem', 'new', '--title', 'Two'], [], { EDITOR: editor('editor') })).code,
    ).toBe(0);
    expect((await cli.atTerminal(['poem', 'new', '--title', 'Three'], [], { PATH: viOnly })).code).toBe(0);
    const written = await poems();
    expect(Object.fromEntries(written.map((poem) => [poem.title, poem.body]))).toEqual({
      One: 'Written in $VISUAL\n',
      Two: 'Written in $EDITOR\n',
      Three: 'Written in vi\n',
    });

    const id = written.find((poem) => poem.title === 'One')?.id ?? '';
    const edited = await cli.atTerminal(['poem', 'edit', id], [], { EDITOR: editor('appends') });
    expect(edited.code).toBe(0);
    expect(edited.stdout).toContain('Written in $VISUAL\r\nand one more line');
    expect((await poems()).find((poem) => poem.id === id)?.body).toBe(
      'Written in $VISUAL\nand one more line\n',
    );
    expect(await readdir(cli.tmpDir)).toEqual([]);
  });

  it('without an editor to run, says why and creates or changes nothing, exit 1', async () => {
    const { cli, poems } = await author();
    const none = await cli.atTerminal(['poem', 'new', '--title', 'Nowhere'], [], { PATH: nothing });
    expect(none.code).toBe(1);
    expect(none.stdout).toContain(
      'no editor to write the poem in: $VISUAL and $EDITOR are not set, and vi is not on PATH. ' +
        'Set one (export EDITOR=nano), or give the poem with --file <path> or on stdin',
    );
    const dumb = await cli.atTerminal(['poem', 'new'], [], {
      PATH: viOnly,
      TERM: 'dumb',
      VISUAL: editor('visual'),
    });
    expect(dumb.code).toBe(1);
    expect(dumb.stdout).toContain('the terminal is dumb and $EDITOR is not set');
    expect(await poems()).toEqual([]);

    const { poem } = await cli.json<{ poem: MyPoem }>(
      ['poem', 'new', '--title', 'Kept'],
      'these words stay\n',
    );
    const edit = await cli.atTerminal(['poem', 'edit', poem.id], [], { PATH: nothing });
    expect(edit.code).toBe(1);
    expect(edit.stdout).toContain('no editor to write the poem in');
    const missing = await cli.atTerminal(['poem', 'edit', poem.id], [], { EDITOR: 'no-such-editor --wait' });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain(
      'Aborted: the editor "no-such-editor --wait" ($EDITOR) could not be run',
    );
    expect((await poems()).map(({ body }) => body)).toEqual(['these words stay\n']);
  });

  it('sends nothing when the editor fails, or leaves the poem empty or as it was, exit 1', async () => {
    const { cli, poems } = await author();
    const { poem } = await cli.json<{ poem: MyPoem }>(
      ['poem', 'new', '--title', 'Kept'],
      'these words stay\n',
    );
    const cases: [string[], EditorName, string][] = [
      [
        ['poem', 'new', '--title', 'Failed'],
        'fails',
        `Aborted: the editor (${editor('fails')}) exited with 3`,
      ],
      [['poem', 'new', '--title', 'Empty'], 'empties', 'Aborted: empty poem'],
      [['poem', 'edit', poem.id], 'empties', 'Aborted: empty poem'],
      [['poem', 'edit', poem.id], 'leaves', 'Aborted: poem unchanged'],
    ];
    for (const [args, name, said] of cases) {
      const result = await cli.atTerminal(args, [], { EDITOR: editor(name) });
      expect(result.code, `${args.join(' ')} in ${name}`).toBe(1);
      expect(result.stdout, `${args.join(' ')} in ${name}`).toBe(`${said}\r\n`);
    }
    expect((await poems()).map(({ title, body }) => [title, body])).toEqual([['Kept', 'these words stay\n']]);
    expect(await readdir(cli.tmpDir)).toEqual([]);

    const emptyAllowed = await cli.atTerminal(['poem', 'new', '--title', 'Blank', '--allow-empty'], [], {
      EDITOR: editor('leaves'),
    });
    expect(emptyAllowed.code).toBe(0);
    expect((await poems()).find((mine) => mine.title === 'Blank')?.body).toBe('');
  });

  it('keeps the poem written when sending it fails, names its file, and it can be sent from there', async () => {
    const { cli, poems } = await author();
    const down = await cliUser(`http://127.0.0.1:${await freePort()}`);
    const failed = await down.atTerminal(['poem', 'new', '--title', 'Saved'], [], {
      EDITOR: editor('visual'),
    });
    expect(failed.code).toBe(1);
    const [kept] = await readdir(down.tmpDir);
    const file = path.join(down.tmpDir, kept ?? '', 'poem.txt');
    expect(failed.stdout).toMatch(/^cannot reach http:\/\/127\.0\.0\.1:\d+: connection refused\r\n/);
    expect(failed.stdout).toContain(
      `The poem you wrote is kept in ${file}: send it again with --file ${file}`,
    );
    expect(await readFile(file, 'utf8')).toBe('Written in $VISUAL\n');

    const json = await down.atTerminal(['--json', 'poem', 'new'], [], { EDITOR: editor('editor') });
    const failure = JSON.parse(json.stdout.trim()) as { code: string; kept: string };
    expect(failure).toMatchObject({ code: 'unreachable', kept: expect.stringMatching(/poem\.txt$/) });
    expect(await readFile(failure.kept, 'utf8')).toBe('Written in $EDITOR\n');

    // Refused before it is sent, the poem is kept too.
    const overlong = await cli.atTerminal(['poem', 'new'], [], { EDITOR: editor('overlong') });
    expect(overlong.code).toBe(2);
    expect(overlong.stdout).toMatch(
      /^The poem is not valid; nothing was sent\r\n {2}body: .*\r\nThe poem you wrote is kept in /,
    );

    expect((await cli.run(['poem', 'new', '--title', 'Saved', '--file', file])).code).toBe(0);
    expect((await poems()).map(({ title, body }) => [title, body])).toEqual([
      ['Saved', 'Written in $VISUAL\n'],
    ]);
  });
});

describe('poet ended by Ctrl-C or a signal', () => {
  it('while the editor runs: exit 130 (143 for SIGTERM), its temporary folder removed, nothing sent', async () => {
    const { cli, poems } = await author();
    const interrupted = await cli.atTerminal(['poem', 'new', '--title', 'Never'], [CTRL_C], {
      EDITOR: editor('waits'),
    });
    expect(interrupted.code).toBe(130);
    const terminated = await cli.atTerminal(['poem', 'new', '--title', 'Never'], [], {
      EDITOR: editor('terminated'),
    });
    expect(terminated.code).toBe(143);
    expect(await readdir(cli.tmpDir)).toEqual([]);
    expect(await poems()).toEqual([]);
  });

  it('at a prompt: exit 130, nothing sent', async () => {
    const { cli, email } = await author();
    const password = await cli.atTerminal(['password', 'change'], [PASSWORD, CTRL_C]);
    expect(password.code).toBe(130);
    expect(password.stdout).toMatch(/^Current password: \r\nNew password: \r\n$/);
    const confirm = await cli.atTerminal(['account', 'delete'], [CTRL_C]);
    expect(confirm.code).toBe(130);
    // The account is there, its password unchanged.
    await server.client().auth.login({ body: { email, password: PASSWORD } });
  });
});
