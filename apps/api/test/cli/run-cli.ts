import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';

const cliDir = path.resolve(import.meta.dirname, '../../../cli');
const dist = path.join(cliDir, 'dist');
const binary = path.join(dist, 'main.js');

/**
 * Builds the `poet` binary as it is shipped (tsup bundle) into dist/: once per run, before any
 * test file starts (`test/support/global-setup.ts`).
 */
export async function buildCli() {
  await promisify(execFile)('pnpm', ['exec', 'tsup'], { cwd: cliDir });
}

const shellQuoted = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

const configDirs: string[] = [];

/** Removes the config folders of every `cliUser` so far. */
export const removeConfigDirs = () =>
  Promise.all(configDirs.map((dir) => rm(dir, { recursive: true, force: true })));

export type CliResult = { code: number | null; stdout: string; stderr: string };

/** Ctrl-C, typed at a terminal: an answer to a prompt that is sent as it is, without Enter. */
export const CTRL_C = '\u0003';

/** The environment of the tests, without what would choose poet's server or editor for them. */
function testEnv(): NodeJS.ProcessEnv {
  const { POETRY_API_URL, POETRY_TIMEOUT, VISUAL, EDITOR, ...env } = process.env;
  return env;
}

/**
 * A terminal of one user: `poet` runs against `server` with a config folder and a temporary
 * folder (`tmpDir`, its TMPDIR) of its own, and no $VISUAL or $EDITOR unless a test gives one.
 * stdin is a pipe, closed after `input`, so nothing waits on a terminal, unless the test runs it
 * `atTerminal`. `poet` is the build of the workspace unless another executable is named (an
 * installed one).
 */
export async function cliUser(server: string, poet: string[] = [process.execPath, binary]) {
  const configDir = await mkdtemp(path.join(os.tmpdir(), 'poetry-cli-config-'));
  configDirs.push(configDir);
  const tmpDir = path.join(configDir, 'tmp');
  await mkdir(tmpDir);
  const argv = (args: string[]) => [...poet, '--server', server, ...args];
  /**
   * Runs `command` with `env` added; stdin gets `input` whole, or, at a terminal, one answer for
   * each prompt shown.
   */
  const spawned = (
    [command = '', ...rest]: string[],
    input: string | string[],
    env: NodeJS.ProcessEnv = {},
  ): Promise<CliResult> =>
    new Promise((resolve, reject) => {
      const child = spawn(command, rest, {
        env: { ...testEnv(), POETRY_CONFIG_DIR: configDir, TMPDIR: tmpDir, NO_COLOR: '1', ...env },
      });
      let stdout = '';
      let stderr = '';
      const answers = typeof input === 'string' ? undefined : [...input];
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        // A prompt ("…: ") has just shown: the person types the next answer.
        const shown = stripVTControlCharacters(String(chunk));
        if (answers?.length && shown !== '' && /: $/.test(stripVTControlCharacters(stdout))) {
          const answer = answers.shift();
          child.stdin.write(answer === CTRL_C ? answer : `${answer}\n`);
          if (answers.length === 0) child.stdin.end();
        }
      });
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
      if (typeof input === 'string') child.stdin.end(input);
    });
  const run = (args: string[], input = '', env: NodeJS.ProcessEnv = {}) => spawned(argv(args), input, env);
  /**
   * Runs at a terminal (a pseudo-terminal of util-linux `script`) where a person types `answers`,
   * each after a prompt ("…: ") shows. stdout and stderr both come out as stdout there. `env` is
   * poet's only (set by `env` inside the terminal), so that a PATH given does not hide `script`.
   */
  const atTerminal = (args: string[], answers: string[], env: Record<string, string> = {}) => {
    const command = ['env', ...Object.entries(env).map(([name, value]) => `${name}=${value}`), ...argv(args)];
    return spawned(
      ['script', '--quiet', '--return', '--command', command.map(shellQuoted).join(' '), '/dev/null'],
      answers,
      { TERM: 'xterm' },
    );
  };
  /** Runs with `--json` and parses stdout; fails with stderr when the command did. */
  const json = async <T = Record<string, unknown>>(args: string[], input = ''): Promise<T> => {
    const result = await run(['--json', ...args], input);
    if (result.code !== 0) throw new Error(`poet ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
    return JSON.parse(result.stdout) as T;
  };
  return { configDir, tmpDir, run, json, atTerminal };
}
