import { PassThrough } from 'node:stream';

const POLL_MS = 25;
const WAIT_LIMIT_MS = 10_000;

/** A stream to give `startTestServer` as `logTo`, and the lines written to it so far. */
export function capturedLog() {
  const lines: string[] = [];
  const logTo = new PassThrough();
  let partial = '';
  logTo.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString('utf8')).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  });
  /** Resolves once a line containing each of `texts` has been logged; fails after WAIT_LIMIT_MS. */
  async function logged(...texts: string[]): Promise<void> {
    const found = () => lines.some((line) => texts.every((text) => line.includes(text)));
    for (let waited = 0; !found(); waited += POLL_MS) {
      if (waited >= WAIT_LIMIT_MS) throw new Error(`no log line with ${texts.join(' and ')}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  return { logTo, lines, logged };
}
