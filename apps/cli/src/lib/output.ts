import { ApiError, NetworkError } from '@poetry/sdk';

/** Colour only for a person at a terminal, and never when NO_COLOR is set. */
const colour = process.stdout.isTTY === true && !process.env.NO_COLOR;
export const bold = (text: string) => (colour ? `\u001b[1m${text}\u001b[22m` : text);
export const dim = (text: string) => (colour ? `\u001b[2m${text}\u001b[22m` : text);

/** Rows as aligned columns under a header. */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [bold(line(headers)), ...rows.map(line)].join('\n');
}

export type Output = { json: boolean };

/** Prints `data` as JSON with `--json`, otherwise as `human(data)`. */
export function print<T>(output: Output, data: T, human: (data: T) => string) {
  console.log(output.json ? JSON.stringify(data, null, 2) : human(data));
}

/** Exit codes: 1 when the server said no (or could not be reached), 2 for a usage error. */
export const EXIT_REFUSED = 1;
export const EXIT_USAGE = 2;

/** The message of an expected failure, without a stack trace; undefined for a bug. */
export function explain(error: unknown): string | undefined {
  if (error instanceof ApiError) {
    const fields = error.errors.map((e) => `  ${e.path}: ${e.message}`);
    return [`${error.detail ?? error.message} (${error.status} ${error.code})`, ...fields].join('\n');
  }
  if (error instanceof NetworkError) return `${error.message}: is the server running?`;
  return undefined;
}
