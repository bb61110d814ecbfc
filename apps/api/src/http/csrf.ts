import type { RequestHandler } from 'express';
import { forbidden } from '../errors.js';
import { SAFE_METHODS } from './safe-methods.js';

/**
 * Rejects state-changing requests that a browser sends on behalf of another site. Browsers say
 * where a request comes from in `Sec-Fetch-Site` (and, older ones, in `Origin`); the SDK and the
 * CLI send neither and pass.
 */
export function csrfProtection(
  allowedOrigins: readonly string[],
  {
    exempt = [],
  }: {
    /**
     * Paths any site may post to: those that act on a token in the request alone, never on the
     * session cookie, which is what a forged cross-site request would ride on. RFC 8058's
     * one-click unsubscribe is one: mail providers post it from their servers or their webmail's
     * origin, without a cookie, and its token can do nothing but stop a mail.
     */
    exempt?: readonly string[];
  } = {},
): RequestHandler {
  const allowed = new Set(allowedOrigins);
  const exemptPaths = new Set(exempt);
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || exemptPaths.has(req.path)) return next();
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    if (site === 'same-origin' || site === 'none') return next();
    if (origin === undefined ? site === undefined : allowed.has(origin)) return next();
    next(forbidden('Cross-site requests may not change anything here'));
  };
}
