import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';

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
 * Asks for a secret at the terminal without echoing it. Without a terminal (a script, a pipe) it
 * takes the next line of stdin, so a password never has to be on the command line.
 */
export async function secret(question: string): Promise<string> {
  if (!process.stdin.isTTY) return (await readStdin()).split(/\r?\n/)[linesTaken++] ?? '';
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  // The terminal stops echoing when the interface opens: only then is the question asked, or what
  // is typed (or pasted) at once would show.
  const prompt = createInterface({ input: process.stdin, output: muted, terminal: true });
  process.stderr.write(question);
  try {
    return await prompt.question('');
  } finally {
    prompt.close();
    process.stderr.write('\n');
  }
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

/** A poem's body from `--file <path>`, from stdin (`--file -`, or piped), or from `$EDITOR`. */
export async function poemBody(file: string | undefined, initial = ''): Promise<string | undefined> {
  if (file === '-' || (file === undefined && !process.stdin.isTTY)) return readStdin();
  if (file !== undefined) return (await readFileArg(file)).toString('utf8');
  const editor = process.env.VISUAL ?? process.env.EDITOR;
  if (!editor) return undefined;
  const folder = await mkdtemp(path.join(os.tmpdir(), 'poetry-'));
  const draft = path.join(folder, 'poem.txt');
  try {
    await writeFile(draft, initial, { mode: 0o600 });
    // Through a shell, as git does: $EDITOR may carry arguments ("code --wait").
    const run = spawnSync(`${editor} "${draft}"`, { stdio: 'inherit', shell: true });
    if (run.status !== 0)
      throw Object.assign(new Error(`${editor} exited with ${run.status}`), { code: 'EDITOR' });
    return await readFile(draft, 'utf8');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export const tagList = (tags: string) =>
  tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
