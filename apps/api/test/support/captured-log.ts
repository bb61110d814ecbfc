import { PassThrough } from 'node:stream';

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
  return { logTo, lines };
}
