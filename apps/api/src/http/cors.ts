import cors from 'cors';
import type { RequestHandler } from 'express';

const PREFLIGHT_CACHE_SECONDS = 600;

/**
 * CORS for the allowed origins (the public URL's and `ALLOWED_ORIGINS`), with credentials so that
 * a front end there can use the session cookie; any other origin gets no
 * `Access-Control-Allow-Origin`, so its scripts cannot read an answer. What they may still send
 * (a form post) is the CSRF check's business (`csrf.ts`), which allows the same origins.
 *
 * A preflight gets its headers here and goes on, so that it counts against the general rate
 * limit; `answerPreflight`, mounted after that, ends it.
 */
export function corsHeaders(allowedOrigins: readonly string[]): RequestHandler {
  const withCors = cors({
    origin: [...allowedOrigins],
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Content-Type', 'X-Request-Id'],
    exposedHeaders: ['RateLimit', 'RateLimit-Policy', 'Retry-After', 'X-Request-Id'],
    maxAge: PREFLIGHT_CACHE_SECONDS,
    preflightContinue: true,
  });
  // Only browsers send `Origin` on a cross-origin request; other requests (the SDK, the CLI,
  // same-origin reads) skip the work, but caches still learn that the answer depends on it.
  return (req, res, next) => {
    if (req.headers.origin !== undefined) return withCors(req, res, next);
    res.vary('Origin');
    next();
  };
}

/** Ends an OPTIONS request (a CORS preflight) with `204`, its headers already set. */
export const answerPreflight: RequestHandler = (req, res, next) => {
  if (req.method !== 'OPTIONS') return next();
  res.status(204).setHeader('Content-Length', '0');
  res.end();
};
