import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

const DOCS_URL = /^\/api\/docs([/?]|$)/;
const MEDIA_URL = '/media/';
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** What every answer gets, pages included. */
function commonHeaders(secureCookies: boolean): HelmetOptions {
  return {
    strictTransportSecurity: secureCookies ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // For old browsers' and plug-ins' HTML handling, nothing a JSON answer needs: each is bytes
    // and time on every answer.
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/**
 * helmet's headers for a JSON API: answers are data, never pages, so their CSP allows nothing
 * and nobody may frame them. Two kinds of answer differ: the Swagger UI page at `/api/docs`
 * (its own scripts and styles, inline styles, data: images, and requests to the API) and the
 * images under `/media/`, which other sites may embed. HSTS only when cookies are Secure, that
 * is when clients reach us over HTTPS.
 */
export function securityHeaders({
  secureCookies,
  publicUrl,
}: {
  secureCookies: boolean;
  publicUrl: string;
}): RequestHandler {
  const common = commonHeaders(secureCookies);
  const data = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };
  const api = helmet({ ...common, contentSecurityPolicy: { useDefaults: false, directives: data } });
  const media = helmet({
    ...common,
    contentSecurityPolicy: { useDefaults: false, directives: data },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  const docs = helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // swagger-ui-express' page has a <style> block and style attributes
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        // "Try it out" calls the API at the public URL, which may not be this page's origin
        connectSrc: ["'self'", publicUrl],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  return (req, res, next) => {
    // req.url, not req.path: this runs on every request, before anything has parsed the URL.
    if (req.url.startsWith(MEDIA_URL)) return media(req, res, next);
    if (DOCS_URL.test(req.url)) return docs(req, res, next);
    api(req, res, next);
  };
}

/** The nonce of the page being answered, for its inline scripts (`pageSecurityHeaders`). */
export const cspNonceOf = (res: Response | ServerResponse): string => (res as Response).locals.cspNonce;

/**
 * The web's pages, which replace the API's headers on the requests they serve: their own
 * scripts, styles and images, form posts and fetches (client-side navigation) to this origin,
 * and inline scripts (React Router's hydration data) only with this answer's nonce, a fresh one
 * per request in `res.locals.cspNonce`. No framing, no `<base>`, no plug-ins.
 */
export function pageSecurityHeaders({ secureCookies }: { secureCookies: boolean }): RequestHandler {
  const pages = helmet({
    ...commonHeaders(secureCookies),
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${cspNonceOf(res)}'`],
        styleSrc: ["'self'"],
        imgSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  return (req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    pages(req, res, next);
  };
}
