import { readFile } from 'node:fs/promises';

export type Instruction = { keyword: string; args: string };

/** One `FROM` and the instructions up to the next. */
export type Stage = { from: string; name: string | undefined; instructions: Instruction[] };

/** The stages of a Dockerfile, in order; continuation lines joined, comments left out. */
export async function readDockerfile(file: string): Promise<Stage[]> {
  const text = (await readFile(file, 'utf8')).replace(/\\\n/g, ' ');
  const stages: Stage[] = [];
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Za-z]+)\s+(.*\S)\s*$/.exec(line);
    if (!match || line.trimStart().startsWith('#')) continue;
    const keyword = (match[1] as string).toUpperCase();
    const args = match[2] as string;
    if (keyword === 'FROM') {
      const [from = '', , name] = args.split(/\s+/);
      stages.push({ from, name, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ keyword, args });
    }
  }
  return stages;
}

/** A `RUN` instruction's command, without its options (`--mount=...`). */
export const runCommand = (args: string) => args.replace(/^(--\S+\s+)*/, '');

/** The arguments of a stage's last `keyword` instruction, or undefined. */
export const lastOf = (stage: Stage, keyword: string) =>
  stage.instructions.findLast((instruction) => instruction.keyword === keyword)?.args;

/** The command of an exec-form (JSON array) `CMD [...]`, or of a `HEALTHCHECK [options] CMD [...]`. */
export function execForm(args: string): string[] {
  const json = args.slice(args.indexOf('['));
  const command = JSON.parse(json) as unknown;
  if (!Array.isArray(command) || !command.every((part) => typeof part === 'string')) {
    throw new Error(`not an exec-form command: ${args}`);
  }
  return command;
}

/** The variables a stage's `ENV key=value ...` instructions set (values without spaces or quotes). */
export function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { keyword, args } of stage.instructions) {
    if (keyword !== 'ENV') continue;
    for (const pair of args.split(/\s+/)) {
      const [key = '', value = ''] = pair.split('=');
      env[key] = value;
    }
  }
  return env;
}
