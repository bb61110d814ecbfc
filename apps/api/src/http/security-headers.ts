import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

const DOCS_URL = /^\/api\/docs([/?]|$)/;
const MEDIA_URL = '/media/';
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

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
  const common: HelmetOptions = {
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
