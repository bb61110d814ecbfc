import { contract } from '@poetry/contract';
import connectPgSimple from 'connect-pg-simple';
import express, { type Request, type RequestHandler, type Response } from 'express';
import session from 'express-session';
import type pg from 'pg';
import type { Config } from '../config.js';

declare module 'express-session' {
  interface SessionData {
    /** When the author logged in; the absolute timeout counts from here. */
    loggedInAt: number;
  }
}

export const SESSION_TABLE = 'session';

export function sessionCookieName(config: Config): string {
  // The __Host- prefix makes browsers refuse the cookie unless it is Secure, host-only and Path=/.
  return config.session.secureCookies ? '__Host-poetry.sid' : 'poetry.sid';
}

/** How often one instance renews a session's expiry in the store, at most. */
const MAX_TOUCH_INTERVAL_MS = 60_000;

type Loaded = (error: unknown, session?: session.SessionData | null) => void;

/**
 * connect-pg-simple's store, renewing a session's stored expiry at most once a minute per
 * instance (a twentieth of the idle timeout when that is shorter) instead of on every request:
 * the renewal is an UPDATE that cost each logged-in read a second query (`pnpm bench`,
 * scenarios 3 and 5). The stored expiry then lags the cookie's by at most that interval.
 *
 * Requests that ask for a session while a read of it is already under way get that read's
 * answer, each its own copy: a logged-in page calls the API three times at once (who is logged
 * in, the poem, my collections). A write or a deletion of the session starts the next ask afresh.
 */
export function createSessionStore(pool: pg.Pool, idleTimeoutMs: number): session.Store {
  const PgStore = connectPgSimple(session);
  const touchInterval = Math.min(MAX_TOUCH_INTERVAL_MS, idleTimeoutMs / 20);
  let touchedSince = Date.now();
  let touched = new Set<string>();

  class SessionStore extends PgStore {
    private reading = new Map<string, Loaded[]>();

    override get(sid: string, loaded: Loaded) {
      const waiting = this.reading.get(sid);
      if (waiting) {
        waiting.push(loaded);
        return;
      }
      const asked = [loaded];
      this.reading.set(sid, asked);
      super.get(sid, (error: unknown, stored?: session.SessionData | null) => {
        if (this.reading.get(sid) === asked) this.reading.delete(sid);
        for (const answer of asked) answer(error, stored && structuredClone(stored));
      });
    }

    override set(sid: string, sess: session.SessionData, done?: (error?: unknown) => void) {
      this.reading.delete(sid);
      super.set(sid, sess, done);
    }

    override destroy(sid: string, done?: (error?: unknown) => void) {
      this.reading.delete(sid);
      super.destroy(sid, done);
    }

    override touch(sid: string, sess: session.SessionData, done?: () => void) {
      const now = Date.now();
      // abs: a clock set back must not stop the renewals
      if (Math.abs(now - touchedSince) >= touchInterval) {
        touched = new Set();
        touchedSince = now;
      }
      if (touched.has(sid)) return done?.();
      touched.add(sid);
      super.touch(sid, sess, done);
    }
  }
  return new SessionStore({ pool, tableName: SESSION_TABLE, createTableIfMissing: false });
}

export function sessionMiddleware(config: Config, store: session.Store): RequestHandler {
  return session({
    name: sessionCookieName(config),
    secret: config.session.secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    // Not 'destroy': nothing here unsets req.session (logout destroys the session itself), and a
    // session that failed to load (database down) is unset too, so 'destroy' deleted it from the
    // store as the answer ended: a database blip logged people out (the reliability suite's
    // outage check saw 401s after recovery), and with the database still down the failed delete
    // cut the connection.
    unset: 'keep',
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.session.secureCookies,
      path: '/',
      maxAge: config.session.idleTimeoutMs,
    },
  });
}

/** Whether a request carries the session cookie (valid or not). */
export function carriesSessionCookie(config: Config): (req: Request) => boolean {
  const cookiePrefix = `${sessionCookieName(config)}=`;
  return (req) => req.headers.cookie?.includes(cookiePrefix) === true;
}

/**
 * Runs the session layers (express-session, its timeouts, passport) only for a request that
 * carries the session cookie or logs in (signup, login). Any other request has no session to
 * load, and making one only to drop it costs a random id, a hash and passport's work on each of
 * the busiest requests (anonymous reads, metric increments).
 */
export function sessionLayers(config: Config, layers: RequestHandler[]): RequestHandler {
  const withSession = express.Router().use(layers);
  const hasCookie = carriesSessionCookie(config);
  const logsIn = new Set<string>([contract.auth.signup.path, contract.auth.login.path]);
  return (req, res, next) => {
    if (hasCookie(req) || logsIn.has(req.path)) withSession(req, res, next);
    else next();
  };
}

/**
 * The idle timeout is the cookie's and the store's expiry, renewed on every request; this ends
 * a session that has lived past the absolute timeout however active it has been.
 */
export function absoluteSessionTimeout(config: Config): RequestHandler {
  return (req, _res, next) => {
    const loggedInAt = req.session?.loggedInAt;
    if (loggedInAt === undefined || Date.now() - loggedInAt <= config.session.absoluteTimeoutMs) {
      return next();
    }
    req.session.regenerate((error) => next(error));
  };
}

/** Logs out: deletes the stored session (on every instance) and tells the browser to drop the cookie. */
export function endSession(req: Request, res: Response, config: Config): Promise<void> {
  return new Promise((resolve, reject) => {
    res.clearCookie(sessionCookieName(config), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.session.secureCookies,
    });
    if (!req.session) return resolve();
    req.session.destroy((error) => (error ? reject(error) : resolve()));
  });
}
