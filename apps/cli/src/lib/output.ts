import { undoingOnSignal } from './interrupt.js';

/** Colour only for a person at a terminal, and never when NO_COLOR is set. */
const colour = process.stdout.isTTY === true && !process.env.NO_COLOR;
export const bold = (text: string) => (colour ? `\u001b[1m${text}\u001b[22m` : text);
export const dim = (text: string) => (colour ? `\u001b[2m${text}\u001b[22m` : text);

/** Rows as aligned columns under a header. */
export function table(headers: string[], rows: string[][]): string {
  if (rows.length === 0) return dim('(none)');
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

/** A page of a list: the table, and how to get the next page when there is one. */
export function printPage<T extends { next_cursor: string | null }>(
  output: Output,
  page: T,
  human: (page: T) => string,
) {
  print(output, page, (data) =>
    data.next_cursor ? `${human(data)}\n${dim(`more: --cursor ${data.next_cursor}`)}` : human(data),
  );
}

/**
 * A spinner on stderr while `work` runs, only when a person watches a terminal. Its line is
 * cleared after, and when Ctrl-C ends poet meanwhile.
 */
export async function spinning<T>(text: string, work: Promise<T>): Promise<T> {
  if (!process.stderr.isTTY) return work;
  const frames = '⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏';
  let frame = 0;
  const timer = setInterval(() => process.stderr.write(`\r${frames[frame++ % frames.length]} ${text}`), 80);
  const clear = () => process.stderr.write('\r\u001b[2K');
  try {
    return await undoingOnSignal(clear, () => work);
  } finally {
    clearInterval(timer);
    clear();
  }
}

/** Exit codes: 1 when the server said no (or could not be reached), 2 for a usage error. */
export const EXIT_REFUSED = 1;
export const EXIT_USAGE = 2;
