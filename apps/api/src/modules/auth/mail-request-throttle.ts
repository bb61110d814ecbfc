import type pg from 'pg';
import type { Config } from '../../config.js';
import { consumeAttempt, pgRateLimiter } from '../../http/rate-limiter.js';

/**
 * Limits the requests that make the service send mail (`forgot-password`, `email-confirmation`)
 * per account and per IP, so nobody can flood a mailbox or use the service to send mail at
 * volume. Every request counts, whether or not an account exists, so the answer tells nothing.
 */
export function createMailRequestThrottle(
  pool: pg.Pool,
  name: string,
  limits: Config['mailRequestThrottle'],
) {
  const perAccount = pgRateLimiter(pool, `${name}:account`, limits.perAccount, limits.windowSeconds);
  const perIp = pgRateLimiter(pool, `${name}:ip`, limits.perIp, limits.windowSeconds);
  return {
    consume: (account: string, ip: string) =>
      consumeAttempt([
        [perIp, ip],
        [perAccount, account.toLowerCase()],
      ]),
  };
}

export type MailRequestThrottle = ReturnType<typeof createMailRequestThrottle>;
