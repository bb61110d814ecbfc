import type pg from 'pg';
import type { Config } from '../../config.js';
import { consumeAttempt, pgRateLimiter } from '../../http/rate-limiter.js';

/**
 * Limits signups per IP, in PostgreSQL so that every instance sees the same count. Every attempt
 * counts, a refused one (a taken email) too, so the limit also slows probing for accounts.
 */
export function createSignupThrottle(pool: pg.Pool, limits: Config['signupThrottle']) {
  const perIp = pgRateLimiter(pool, 'signup:ip', limits.perIp, limits.windowSeconds);
  return {
    consume: (ip: string) => consumeAttempt([[perIp, ip]]),
  };
}

export type SignupThrottle = ReturnType<typeof createSignupThrottle>;
