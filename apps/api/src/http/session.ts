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

export function createSessionStore(pool: pg.Pool) {
  const PgStore = connectPgSimple(session);
  return new PgStore({ pool, tableName: SESSION_TABLE, createTableIfMissing: false });
}

export function sessionMiddleware(config: Config, store: session.Store): RequestHandler {
  return session({
    name: sessionCookieName(config),
    secret: config.session.secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    unset: 'destroy',
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
