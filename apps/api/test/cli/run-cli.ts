import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '../../../..');
const binary = path.join(root, 'apps/cli/dist/main.js');

/** Builds the `poet` binary once, as it is shipped (tsup bundle). */
export async function buildCli() {
  await promisify(execFile)('pnpm', ['--filter', '@poetry/cli', 'build'], { cwd: root });
}

const configDirs: string[] = [];

/** Removes the config folders of every `cliUser` so far. */
export const removeConfigDirs = () =>
  Promise.all(configDirs.map((dir) => rm(dir, { recursive: true, force: true })));

export type CliResult = { code: number | null; stdout: string; stderr: string };

/**
 * A terminal of one user: `poet` runs against `server` with a config folder of its own. stdin
 * is always a pipe, closed after `input`, so nothing waits on a terminal.
 */
export async function cliUser(server: string) {
  const configDir = await mkdtemp(path.join(os.tmpdir(), 'poetry-cli-config-'));
  configDirs.push(configDir);
  const run = (args: string[], input = ''): Promise<CliResult> =>
    new Promise((resolve, reject) => {
      const { POETRY_API_URL: _ignored, ...env } = process.env;
      const child = spawn(process.execPath, [binary, '--server', server, ...args], {
        env: { ...env, POETRY_CONFIG_DIR: configDir, NO_COLOR: '1' },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
      });
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(input);
    });
  /** Runs with `--json` and parses stdout; fails with stderr when the command did. */
  const json = async <T = Record<string, unknown>>(args: string[], input = ''): Promise<T> => {
    const result = await run(['--json', ...args], input);
    if (result.code !== 0)
      throw new Error(`poet ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
    return JSON.parse(result.stdout) as T;
  };
  return { configDir, run, json };
}
