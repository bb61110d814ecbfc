import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
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

/**
 * A terminal of one user: `poet` runs against `server` with a config folder of its own. stdin
 * is always a pipe, closed after `input`, so nothing waits on a terminal. `poet` is the build of
 * the workspace unless another executable is named (an installed one).
 */
export async function cliUser(server: string, poet: string[] = [process.execPath, binary]) {
  const configDir = await mkdtemp(path.join(os.tmpdir(), 'poetry-cli-config-'));
  configDirs.push(configDir);
  const argv = (args: string[]) => [...poet, '--server', server, ...args];
  /** Runs `command`; stdin gets `input` whole, or, at a terminal, one answer for each prompt shown. */
  const spawned = ([command = '', ...rest]: string[], input: string | string[]): Promise<CliResult> =>
    new Promise((resolve, reject) => {
      const { POETRY_API_URL: _ignored, ...env } = process.env;
      const child = spawn(command, rest, {
        env: { ...env, POETRY_CONFIG_DIR: configDir, NO_COLOR: '1' },
      });
      let stdout = '';
      let stderr = '';
      const answers = typeof input === 'string' ? undefined : [...input];
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        // A prompt ("…: ") has just shown: the person types the next answer.
        const shown = stripVTControlCharacters(String(chunk));
        if (answers?.length && shown !== '' && /: $/.test(stripVTControlCharacters(stdout))) {
          child.stdin.write(`${answers.shift()}\n`);
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
  const run = (args: string[], input = '') => spawned(argv(args), input);
  /**
   * Runs at a terminal (a pseudo-terminal of util-linux `script`) where a person types `answers`,
   * each after a prompt ("…: ") shows. stdout and stderr both come out as stdout there.
   */
  const atTerminal = (args: string[], answers: string[]) =>
    spawned(
      ['script', '--quiet', '--return', '--command', argv(args).map(shellQuoted).join(' '), '/dev/null'],
      answers,
    );
  /** Runs with `--json` and parses stdout; fails with stderr when the command did. */
  const json = async <T = Record<string, unknown>>(args: string[], input = ''): Promise<T> => {
    const result = await run(['--json', ...args], input);
    if (result.code !== 0) throw new Error(`poet ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
    return JSON.parse(result.stdout) as T;
  };
  return { configDir, run, json, atTerminal };
}
