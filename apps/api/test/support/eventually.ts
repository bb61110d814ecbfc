/**
 * The first value `probe` gives that is neither undefined nor false, asked for every 25 ms. After
 * `timeoutMs` it fails naming `what`, well before the test's own timeout would fail unexplained.
 */
export async function eventually<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
