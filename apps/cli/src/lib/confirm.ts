import { createInterface } from 'node:readline/promises';

/** Asks a person at the terminal to type `expected`; answers whether they did. */
export async function typedToConfirm(question: string, expected: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await prompt.question(question)).trim() === expected;
  } finally {
    prompt.close();
  }
}
