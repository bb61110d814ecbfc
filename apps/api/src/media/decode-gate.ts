import { DomainError } from '../errors.js';

export type DecodeGateLimits = { atOnce: number; queueLength: number };

/** How much the last decode weighs in the running mean that Retry-After is estimated from. */
const LAST_DECODE_WEIGHT = 0.2;

const busy = (retryAfterSeconds: number) =>
  new DomainError(
    'unavailable',
    'Too many images are being processed right now; send it again after Retry-After',
    undefined,
    retryAfterSeconds,
  );

/**
 * At most `atOnce` decodes run at a time; up to `queueLength` more wait their turn, first come
 * first served, and past that a decode is refused at once with 503 `unavailable` and Retry-After
 * (the time the decodes ahead of it should take, from the mean of the last ones). A waiting
 * decode whose `signal` aborts leaves the queue without running, rejecting with the signal's
 * reason. What it bounds: each decode holds a thread of libuv's pool (shared with argon2, fs,
 * dns and zlib) and a core, and its decoded pixels in memory.
 */
export function createDecodeGate({ atOnce, queueLength }: DecodeGateLimits) {
  let running = 0;
  const waiting: (() => void)[] = [];
  let meanDecodeMs: number | undefined;

  const retryAfterSeconds = () =>
    Math.max(1, Math.ceil((((waiting.length + 1) / atOnce) * (meanDecodeMs ?? 0)) / 1000));

  async function enter(signal: AbortSignal | undefined): Promise<void> {
    signal?.throwIfAborted();
    if (running < atOnce) {
      running += 1;
      return;
    }
    if (waiting.length >= queueLength) throw busy(retryAfterSeconds());
    await new Promise<void>((resolve, reject) => {
      const start = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        waiting.splice(waiting.indexOf(start), 1);
        reject(signal?.reason);
      };
      waiting.push(start);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }

  /** Hands the slot to the first waiting decode, or frees it. */
  function leave(decodeMs: number) {
    meanDecodeMs =
      meanDecodeMs === undefined ? decodeMs : meanDecodeMs + LAST_DECODE_WEIGHT * (decodeMs - meanDecodeMs);
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    /** Runs `decode` once a slot is free (see above). */
    async run<T>(decode: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      await enter(signal);
      const started = performance.now();
      try {
        return await decode();
      } finally {
        leave(performance.now() - started);
      }
    },
  };
}

export type DecodeGate = ReturnType<typeof createDecodeGate>;
