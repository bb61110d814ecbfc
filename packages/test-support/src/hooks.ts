import { afterAll, beforeAll } from 'vitest';

/**
 * Starts something before the tests of the file, or of the `describe` block, this is called in,
 * and stops it after them. Answers a stand-in whose properties are those of the started thing,
 * read when used: in tests and hooks, not while the file loads.
 *
 * Hooks registered after this call run after the start, and their `afterAll`s before the stop
 * (vitest's default `sequence.hooks: 'stack'`).
 */
export function useStarted<T extends object>(
  what: string,
  start: () => Promise<T>,
  stop: (started: T) => unknown,
): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    if (started) await stop(started);
  });
  return new Proxy({} as T, {
    get(_standIn, property) {
      if (!started)
        throw new Error(`${what} is not started: read it in a test or a hook, not while the file loads`);
      return Reflect.get(started, property);
    },
  });
}
