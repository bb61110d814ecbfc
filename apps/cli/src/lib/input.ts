import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { ask } from './prompt.js';
import { usageError } from './usage.js';

let piped: Promise<string> | undefined;

/** All of stdin, read once: a command may take several lines from it (a token, then a password). */
export function readStdin(): Promise<string> {
  piped ??= (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  })();
  return piped;
}

let linesTaken = 0;

/**
 * A secret (`name`: "current password", "token from the mail"), asked at the terminal without
 * echo. Without a terminal (a script, a pipe) it is the next line of stdin, so that it never has
 * to be on the command line. An empty or blank one is a usage error, before anything is sent.
 */
export async function secret(command: Command, name: string): Promise<string> {
  if (process.stdin.isTTY) {
    const typed = await ask(`${name[0]?.toUpperCase()}${name.slice(1)}: `, { hidden: true });
    if (typed.trim() === '') usageError(command, `the ${name} is empty; nothing was sent`);
    return typed;
  }
  const line = linesTaken++;
  const given = (await readStdin()).split(/\r?\n/)[line] ?? '';
  if (given.trim() === '') {
    usageError(command, `line ${line + 1} of stdin, the ${name}, is empty; nothing was sent`);
  }
  return given;
}

const FILE_PROBLEMS: Record<string, string> = {
  ENOENT: 'there is no such file',
  EISDIR: 'it is a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
};

/** The bytes of a file named on the command line; an error says which file and why. */
export async function readFileArg(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    const { code = 'EIO', message } = error as NodeJS.ErrnoException;
    throw Object.assign(new Error(`cannot read ${file}: ${FILE_PROBLEMS[code] ?? message}`), { code });
  }
}

/**
 * A poem's body given with `--file <path>`, or on stdin (`--file -`, or piped); undefined at a
 * terminal, where the author writes it in their editor.
 */
export async function givenBody(file: string | undefined): Promise<string | undefined> {
  if (file === '-' || (file === undefined && !process.stdin.isTTY)) return readStdin();
  if (file !== undefined) return (await readFileArg(file)).toString('utf8');
  return undefined;
}

export const tagList = (tags: string) =>
  tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
