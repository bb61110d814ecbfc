import type pg from 'pg';
import type { RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../../config.js';
import { rateLimited } from '../../errors.js';
import { pgRateLimiter } from '../../http/rate-limiter.js';

/**
 * Counts failed logins per (account, IP), per IP and per account, in PostgreSQL so that every API
 * instance sees the same counts. Counts expire with the window, so someone guessing passwords for
 * a real author can keep them out for at most one window.
 */
export function createLoginThrottle(pool: pg.Pool, limits: Config['loginThrottle']) {
  const limiter = (keyPrefix: string, points: number) =>
    pgRateLimiter(pool, keyPrefix, points, limits.windowSeconds);
  const perAccountAndIp = limiter('login:account-ip', limits.perAccountAndIp);
  const perIp = limiter('login:ip', limits.perIp);
  const perAccount = limiter('login:account', limits.perAccount);

  const keys = (email: string, ip: string) =>
    [
      [perAccountAndIp, `${email.toLowerCase()}|${ip}`],
      [perIp, ip],
      [perAccount, email.toLowerCase()],
    ] as const;

  return {
    /** Throws `rate_limited` when any count has used up its allowance. */
    async assertAllowed(email: string, ip: string) {
      for (const [rateLimiter, key] of keys(email, ip)) {
        const state: RateLimiterRes | null = await rateLimiter.get(key);
        if (state && state.consumedPoints >= rateLimiter.points) {
          throw rateLimited(state.msBeforeNext / 1000);
        }
      }
    },
    async recordFailure(email: string, ip: string) {
      await Promise.all(keys(email, ip).map(([rateLimiter, key]) => rateLimiter.penalty(key, 1)));
    },
    async recordSuccess(email: string, ip: string) {
      const [[rateLimiter, key]] = keys(email, ip);
      await rateLimiter.delete(key);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
