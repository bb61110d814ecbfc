export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks `probe` every `everyMs` until it answers something other than undefined, and answers
 * that; fails after `limitMs` (a bound so that a check cannot hang, not a timed assertion).
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  { limitMs = 60_000, everyMs = 100 } = {},
): Promise<T> {
  const deadline = performance.now() + limitMs;
  for (;;) {
    const result = await probe();
    if (result !== undefined) return result;
    if (performance.now() > deadline)
      throw new Error(`gave up waiting for ${what} after ${limitMs / 1000} s`);
    await sleep(everyMs);
  }
}
