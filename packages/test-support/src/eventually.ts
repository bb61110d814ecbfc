/**
 * The first value `probe` gives that is neither undefined nor false, asked for every `everyMs`.
 * After `timeoutMs` it fails naming `what`: a bound so that a wait cannot hang or end as a bare
 * test timeout, not a timed assertion. Measured on the monotonic clock, which tests that fake
 * `Date` do not move.
 */
export async function eventually<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  { timeoutMs = 10_000, everyMs = 25 } = {},
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (performance.now() > deadline) throw new Error(`waited ${timeoutMs / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
