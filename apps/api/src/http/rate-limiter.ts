import { createHash } from 'node:crypto';
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimited } from '../errors.js';

export const RATE_LIMIT_TABLE = 'rate_limit';
/** `rate_limit.key` is a varchar(255). */
const MAX_KEY_LENGTH = 255;

/**
 * Stores a key too long for the column (a 254-character email with an IP) as its hash, which
 * counts the same; the column's limit would otherwise turn a valid request into a 500.
 */
class PgRateLimiter extends RateLimiterPostgres {
  override getKey(key: string | number): string {
    const stored = super.getKey(key);
    if (stored.length <= MAX_KEY_LENGTH) return stored;
    return `${this.keyPrefix}:sha256:${createHash('sha256').update(String(key)).digest('base64url')}`;
  }
}

/**
 * A counter per key in PostgreSQL (the `rate_limit` table of the initial migration), so every
 * API instance sees the same counts; a key's count expires `windowSeconds` after it started.
 */
export function pgRateLimiter(pool: pg.Pool, keyPrefix: string, points: number, windowSeconds: number) {
  return new PgRateLimiter({
    storeClient: pool,
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    keyPrefix,
    points,
    duration: windowSeconds,
  });
}

/**
 * Attempts at `name` (signups, mail requests, uploads, email changes) counted per IP, per account
 * and/or per email address, in rows keyed `<name>:ip:<ip>`, `<name>:account:<account>` and
 * `<name>:address:<address>`. `consume` counts one on each limit given and throws `rate_limited`
 * (429) once any is used up; every attempt counts, refused or not.
 */
export function attemptThrottle(
  pool: pg.Pool,
  name: string,
  limits: { perIp?: number; perAccount?: number; perAddress?: number; windowSeconds: number },
) {
  const limiter = (scope: string, points: number | undefined) =>
    points === undefined ? undefined : pgRateLimiter(pool, `${name}:${scope}`, points, limits.windowSeconds);
  const scopes = {
    ip: limiter('ip', limits.perIp),
    account: limiter('account', limits.perAccount),
    address: limiter('address', limits.perAddress),
  };
  return {
    consume: (keys: { ip?: string; account?: string; address?: string }) =>
      consumeAttempt(
        Object.entries(scopes).flatMap(([scope, scoped]) => {
          const key = keys[scope as keyof typeof scopes];
          return scoped && key !== undefined ? [[scoped, key] as const] : [];
        }),
      ),
  };
}

export type AttemptThrottle = ReturnType<typeof attemptThrottle>;

/** Counts one attempt on each limiter's key; throws `rate_limited` (429) once any is used up. */
async function consumeAttempt(limits: (readonly [RateLimiterPostgres, string])[]) {
  for (const [limiter, key] of limits) {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw rateLimited(error.msBeforeNext / 1000);
      throw error;
    }
  }
}
