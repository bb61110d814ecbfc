import { ApiError, NetworkError } from './errors.js';

export type RetryOptions = {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Delay before the first retry, doubled each time unless the server says `Retry-After`. */
  baseDelayMs?: number;
};

const RETRIED_STATUSES = new Set([429, 503]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function retriable(error: unknown): error is ApiError | NetworkError {
  return error instanceof NetworkError || (error instanceof ApiError && RETRIED_STATUSES.has(error.status));
}

/**
 * Runs `send`, and again on 429, 503 or a network failure while attempts remain, if the request
 * is safe to repeat: a GET, or a route the contract marks idempotent. Anything else may have been
 * applied already (a metric counted, a poem created) and is never sent twice.
 */
export async function withRetry<T>(
  safeToRepeat: boolean,
  options: RetryOptions | undefined,
  send: () => Promise<T>,
) {
  const attempts = options && safeToRepeat ? options.attempts : 1;
  const baseDelayMs = options?.baseDelayMs ?? 500;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= attempts || !retriable(error)) throw error;
      const serverSays = error instanceof ApiError ? error.retryAfter : undefined;
      await sleep(serverSays !== undefined ? serverSays * 1000 : baseDelayMs * 2 ** (attempt - 1));
    }
  }
}
