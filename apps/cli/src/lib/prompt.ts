import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { endBy, undoingOnSignal } from './interrupt.js';

/**
 * Asks a person at the terminal, on stderr; with `hidden`, what they type does not show. The
 * prompt puts the terminal in raw mode, where Ctrl-C comes as a key: it ends poet as the signal
 * does (exit 130), the terminal's echo and line editing given back first.
 */
export async function ask(question: string, { hidden = false } = {}): Promise<string> {
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const prompt = createInterface({
    input: process.stdin,
    output: hidden ? muted : process.stderr,
    terminal: true,
  });
  prompt.on('SIGINT', () => endBy('SIGINT'));
  const interrupted = () => {
    prompt.close();
    process.stderr.write('\n');
  };
  return undoingOnSignal(interrupted, async () => {
    try {
      if (!hidden) return await prompt.question(question);
      // The terminal stops echoing when the interface opens: only then is the question asked, or
      // what is typed (or pasted) at once would show.
      process.stderr.write(question);
      return await prompt.question('');
    } finally {
      prompt.close();
      // The Enter typed was not echoed either.
      if (hidden) process.stderr.write('\n');
    }
  });
}
