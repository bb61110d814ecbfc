import { setTimeout as sleep } from 'node:timers/promises';
import type { Request, Response } from 'express';
import { Strategy as LocalStrategy } from 'passport-local';
import type pg from 'pg';
import type { RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../../config.js';
import { invalidCredentials, rateLimited } from '../../errors.js';
import { pgRateLimiter } from '../../http/rate-limiter.js';
import type { ModuleContext } from '../context.js';
import type { AccountService } from './service.js';

/** Failures an address may have on an account before its next attempts wait. */
const FREE_FAILURES = 3;
/** The wait doubles with each further failure, up to this many times the first one. */
const MAX_DELAY_FACTOR = 16;

/**
 * Slows whoever guesses an author's password without ever locking the author out.
 *
 * Each attempt is counted before its password is checked, by one atomic upsert per count in
 * PostgreSQL (so every API instance sees the same numbers), and judged by the counts the upserts
 * return: 40 attempts at once are counted 1 to 40 and cannot all pass. A successful login gives
 * its points back and clears its address's failures on that account, so what accumulates is
 * failures (and attempts still in flight). Counts expire a window after their first attempt.
 *
 * - Per address, all accounts: over `perIp`, the address is refused (429).
 * - Per account and address: over `perAccountAndIp`, the pair is refused; after FREE_FAILURES
 *   failures, each further attempt waits before its password check, `failureDelayMs` doubling.
 * - Per account, all addresses: over `perAccount`, the account is under attack. That refuses no
 *   one outright (it would lock the author out for as long as the attack lasts): an address with
 *   failures of its own on the account is refused, so a botnet gets one guess per address a
 *   window, and an address with none, the author's, still gets its password checked.
 *
 * An unknown email is counted like a known one, so the answers tell nothing of who has an account.
 */
function createLoginThrottle(pool: pg.Pool, limits: Config['loginThrottle']) {
  const limiter = (keyPrefix: string, points: number) =>
    pgRateLimiter(pool, keyPrefix, points, limits.windowSeconds);
  const perIp = limiter('login:ip', limits.perIp);
  const perAccountAndIp = limiter('login:account-ip', limits.perAccountAndIp);
  const perAccount = limiter('login:account', limits.perAccount);

  const keysOf = (email: string, ip: string) => {
    const account = email.toLowerCase();
    return { ip, accountAndIp: `${account}|${ip}`, account };
  };

  /** The wait of an attempt that follows `failures` of its address on the account. */
  const delayMs = (failures: number) =>
    failures < FREE_FAILURES
      ? 0
      : limits.failureDelayMs * Math.min(2 ** (failures - FREE_FAILURES), MAX_DELAY_FACTOR);

  return {
    /**
     * Counts a login attempt, then throws `rate_limited` if it is refused, or resolves once it
     * has waited its delay and may have its password checked.
     */
    async admitAttempt(email: string, ip: string) {
      const keys = keysOf(email, ip);
      // `penalty` is the upsert `consume` makes, without refusing: the decision is made here.
      const [fromIp, fromPair, onAccount] = await Promise.all([
        perIp.penalty(keys.ip),
        perAccountAndIp.penalty(keys.accountAndIp),
        perAccount.penalty(keys.account),
      ]);
      const pairFailures = fromPair.consumedPoints - 1;
      const underAttack = onAccount.consumedPoints > limits.perAccount;
      const refusals: RateLimiterRes[] = [];
      if (fromIp.consumedPoints > limits.perIp) refusals.push(fromIp);
      if (pairFailures >= limits.perAccountAndIp || (underAttack && pairFailures > 0)) {
        refusals.push(fromPair);
      }
      if (refusals.length) {
        throw rateLimited(Math.max(...refusals.map((refusal) => refusal.msBeforeNext)) / 1000);
      }
      const delay = delayMs(pairFailures);
      if (delay > 0) await sleep(delay);
    },
    /** A successful login: its attempt is given back and its address's failures forgotten. */
    async recordSuccess(email: string, ip: string) {
      const keys = keysOf(email, ip);
      await Promise.all([
        perIp.reward(keys.ip),
        perAccount.reward(keys.account),
        perAccountAndIp.delete(keys.accountAndIp),
      ]);
    },
  };
}

/**
 * Logging in with an email and a password: adds passport's local strategy to the app's passport.
 * The session stores only the author id (apps/api/src/http/passport.ts).
 */
export function createLoginService(
  { passport, pool, config }: Pick<ModuleContext, 'passport' | 'pool' | 'config'>,
  service: Pick<AccountService, 'verifyCredentials'>,
) {
  const throttle = createLoginThrottle(pool, config.loginThrottle);
  passport.use(
    new LocalStrategy(
      { usernameField: 'email', passwordField: 'password', passReqToCallback: true },
      (req, email, password, done) => {
        const ip = req.ip ?? 'unknown';
        // The attempt is counted before the (slow) password check, so a failure has no more to record.
        throttle
          .admitAttempt(email, ip)
          .then(() => service.verifyCredentials(email, password))
          .then(async (author) => {
            if (!author) throw invalidCredentials();
            await throttle.recordSuccess(email, ip);
            return author;
          })
          .then((author) => done(null, author), done);
      },
    ),
  );

  return {
    /**
     * Checks the credentials in `req.body` and logs the author in. passport regenerates the
     * session id on login, so a session id planted before login is worthless after it.
     */
    logIn(req: Request, res: Response): Promise<Express.User> {
      return new Promise((resolve, reject) => {
        passport.authenticate('local', { session: false }, (error: unknown, author: Express.User | false) => {
          if (error) return reject(error);
          if (!author) return reject(invalidCredentials());
          startSession(req, author).then(() => resolve(author), reject);
        })(req, res, reject);
      });
    },
    /** Logs in an author the service has just created (signup). */
    logInAs: startSession,
  };
}

function startSession(req: Request, author: Express.User): Promise<void> {
  return new Promise((resolve, reject) =>
    req.logIn(author, (error) => {
      if (error) return reject(error);
      req.session.loggedInAt = Date.now();
      resolve();
    }),
  );
}
