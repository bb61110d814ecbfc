import { type AppRoute, isAppRouteOtherResponse } from '@ts-rest/core';
import type { RouteMetadata } from './routes/shared.js';

type Header = { description: string; required?: boolean; schema: Record<string, unknown> };

const text = { type: 'string' };

/**
 * The response headers a client acts on, as `components.headers`. A `$ref` takes no `required`
 * beside it, so a header that one answer always carries and another only may is two components.
 */
export const RESPONSE_HEADERS = {
  ETag: {
    description:
      'A weak validator of the body: the same body has the same tag on every instance. Send it back in ' +
      '`If-None-Match` on a GET to get 304 with no body while it still matches.',
    required: true,
    schema: { type: 'string', pattern: '^W/"[^"]*"$' },
  },
  StrongETag: {
    description:
      'A strong validator of the image: it names what the image shows, on every instance. Send it back in ' +
      '`If-None-Match` on a GET to get 304 with no body while it still matches.',
    required: true,
    schema: { type: 'string', pattern: '^"[^"]*"$' },
  },
  CacheControl: {
    description:
      'Anonymous reads under `/api/poem`, `/api/author` and `/api/collection` (share links excepted): ' +
      '`public, max-age=0, s-maxage=60, stale-while-revalidate=300`; the same with the session cookie: ' +
      '`private, no-cache`; every other answer: `no-store`.',
    required: true,
    schema: text,
  },
  RateLimit: {
    description:
      'What is left of the address\'s request budget, e.g. `"general";r=1187;t=42` (r: requests left, ' +
      't: seconds until the window resets; IETF draft httpapi-ratelimit-headers).',
    required: true,
    schema: text,
  },
  RateLimitPolicy: {
    description: 'The budget itself, e.g. `"general";q=1200;w=60` (q: requests per window of w seconds).',
    required: true,
    schema: text,
  },
  RetryAfter: {
    description: 'Seconds to wait before trying again.',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
  RetryAfterWhenKnown: {
    description: 'Seconds to wait before trying again, when the service knows.',
    schema: { type: 'integer', minimum: 1 },
  },
  SessionCookie: {
    description:
      'The session cookie (`poetry.sid`, `__Host-poetry.sid` behind HTTPS; HttpOnly, SameSite=Lax): a new ' +
      'session after signup or login, an expired one that clears it after logout or account deletion.',
    required: true,
    schema: text,
  },
  SessionCookieRenewal: {
    description:
      'The session cookie again, with its idle timeout renewed, on an answer to a request that carries a ' +
      'live session; an expired one when the call ended that session.',
    schema: text,
  },
} satisfies Record<string, Header>;

type HeaderName = keyof typeof RESPONSE_HEADERS;

/** Every answer of the API carries these (the rate limit and the cache policy run before any route). */
const ALWAYS: Record<string, HeaderName> = {
  ETag: 'ETag',
  'Cache-Control': 'CacheControl',
  RateLimit: 'RateLimit',
  'RateLimit-Policy': 'RateLimitPolicy',
};

/** Whether `route` answers `status` (or 304, its GET's) with an image rather than JSON. */
function isImage(status: number, route: AppRoute): boolean {
  const response = route.responses[status === 304 ? 200 : status];
  return response !== undefined && isAppRouteOtherResponse(response);
}

/** The headers of one response of `route`, as references to `RESPONSE_HEADERS`. */
export function responseHeaders(status: number, route: AppRoute) {
  const session = (route.metadata as RouteMetadata | undefined)?.session;
  const names: Record<string, HeaderName> = {
    ...ALWAYS,
    ...(isImage(status, route) ? { ETag: 'StrongETag' } : {}),
    'Set-Cookie': session !== undefined && status < 300 ? 'SessionCookie' : 'SessionCookieRenewal',
    ...(status === 429 ? { 'Retry-After': 'RetryAfter' } : {}),
    ...(status === 503 ? { 'Retry-After': 'RetryAfterWhenKnown' } : {}),
  };
  return Object.fromEntries(
    Object.entries(names).map(([header, name]) => [header, { $ref: `#/components/headers/${name}` }]),
  );
}
