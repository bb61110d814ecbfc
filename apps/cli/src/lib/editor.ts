import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, rmSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LocalFailure, PoemKept, poemKeptIn } from './failure.js';
import { endBy, inForeground, isEndingSignal, undoingOnSignal } from './interrupt.js';

type Editor = { command: string; from: string };

const onPath = (name: string, env: NodeJS.ProcessEnv) =>
  (env.PATH ?? '').split(path.delimiter).some((folder) => {
    try {
      accessSync(path.join(folder, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });

const aborted = (why: string) => new LocalFailure({ code: 'aborted', detail: `Aborted: ${why}` });

/**
 * The editor, chosen as git chooses it: $VISUAL (unless the terminal is dumb), $EDITOR, else vi
 * when it is on PATH (Notepad on Windows). A failure says why there is none.
 */
export function chosenEditor(env = process.env): Editor {
  const dumb = env.TERM === 'dumb';
  if (env.VISUAL && !dumb) return { command: env.VISUAL, from: '$VISUAL' };
  if (env.EDITOR) return { command: env.EDITOR, from: '$EDITOR' };
  if (process.platform === 'win32') return { command: 'notepad', from: 'the default' };
  if (!dumb && onPath('vi', env)) return { command: 'vi', from: 'the default' };
  const why = dumb
    ? 'the terminal is dumb and $EDITOR is not set'
    : '$VISUAL and $EDITOR are not set, and vi is not on PATH';
  throw new LocalFailure({
    code: 'no_editor',
    detail: `no editor to write the poem in: ${why}. Set one (export EDITOR=nano), or give the poem with --file <path> or on stdin`,
  });
}

/** The editor on `file`, in the foreground; if a signal ends poet meanwhile, the editor is ended too. */
function runEditor(
  editor: Editor,
  file: string,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  // Through a shell, as git does, for an $EDITOR with arguments ("code --wait"); the file is "$1",
  // never parsed by the shell.
  const child: ChildProcess =
    process.platform === 'win32'
      ? spawn(`${editor.command} "${file}"`, { stdio: 'inherit', shell: true })
      : spawn('/bin/sh', ['-c', `${editor.command} "$@"`, editor.command, file], { stdio: 'inherit' });
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  return undoingOnSignal(
    (signal) => child.kill(signal),
    () => inForeground(() => ended),
  );
}

/** The text the author leaves in `file`; a failure, and nothing to send, when they did not write a poem. */
async function edited(
  editor: Editor,
  file: string,
  initial: string,
  options: EditorOptions,
): Promise<string> {
  const { code, signal } = await runEditor(editor, file);
  // Ctrl-C (or a kill) ended the editor: poet ends with it, its folder removed.
  if (isEndingSignal(signal)) endBy(signal);
  if (signal) throw aborted(`the editor (${editor.command}) was ended by ${signal}`);
  // The shell's codes for a command it could not find or run.
  if (code === 127 || code === 126) {
    throw aborted(`the editor "${editor.command}" (${editor.from}) could not be run`);
  }
  if (code !== 0) throw aborted(`the editor (${editor.command}) exited with ${code}`);
  const text = await readFile(file, 'utf8');
  if (text.trim() === '' && !options.allowEmpty) throw aborted('empty poem');
  if (options.current !== undefined && text === initial) throw aborted('poem unchanged');
  return text;
}

export type EditorOptions = {
  /** The poem's text to edit, asked for once the editor is known; absent for a new poem. */
  current?: () => Promise<string>;
  /** Accept a poem left empty. */
  allowEmpty?: boolean;
};

/**
 * Lets the author write a poem in their editor, then hands it to `send`. Nothing is sent (exit 1,
 * "Aborted: …" as git says it) when there is no editor, when it fails, or when it leaves the poem
 * empty (unless `allowEmpty`) or as it was. The poem's temporary folder is removed after, and when
 * a signal ends poet meanwhile; but when `send` fails (or a signal comes during it), the poem is
 * kept and its file named: nothing the author wrote is lost.
 */
export async function writeInEditor(options: EditorOptions, send: (text: string) => Promise<void>) {
  const editor = chosenEditor();
  const initial = options.current ? await options.current() : '';
  const folder = await mkdtemp(path.join(os.tmpdir(), 'poet-'));
  const file = path.join(folder, 'poem.txt');
  const remove = () => rmSync(folder, { recursive: true, force: true });
  const text = await undoingOnSignal(remove, async () => {
    try {
      await writeFile(file, initial, { mode: 0o600 });
      return await edited(editor, file, initial, options);
    } catch (error) {
      remove();
      throw error;
    }
  });
  const sayWhereKept = () => process.stderr.write(`\n${poemKeptIn(file)}\n`);
  await undoingOnSignal(sayWhereKept, async () => {
    try {
      await send(text);
    } catch (error) {
      throw new PoemKept(file, error);
    }
  });
  remove();
}
