import { type AppRoute, isAppRouteOtherResponse } from '@ts-rest/core';
import { generateOpenApi } from '@ts-rest/open-api';
import { contract } from './index.js';
import { RESPONSE_HEADERS, responseHeaders } from './openapi-headers.js';
import { admitNullWhereNullable } from './openapi-null.js';
import type { RouteMetadata } from './routes/shared.js';
import { PROBLEM_DESCRIPTIONS, type ProblemStatus } from './schemas/errors.js';
import { API_VERSION } from './version.js';

export type OpenApiDocument = ReturnType<typeof generateOpenApi>;
type Operation = Parameters<
  NonNullable<NonNullable<Parameters<typeof generateOpenApi>[2]>['operationMapper']>
>[0];

export type OpenApiOptions = {
  /** Public base URL of the service (without `/api`), listed under `servers`. */
  serverUrl?: string;
};

const DESCRIPTION = `
JSON in and out, field names in snake_case. Ids are UUIDs; an \`authorId\` may also be the author's username.
A malformed or unknown id is 404. Times are ISO 8601 UTC.

**Session.** Log in with \`POST /api/auth/login\`; the session is an HttpOnly cookie (\`poetry.sid\`, or
\`__Host-poetry.sid\` behind HTTPS) that the client sends back. Idle timeout 14 days, absolute 30 days.

**CSRF.** An unsafe method (POST, PUT, DELETE) sent by a browser from another origin is 403.
Clients that are not browsers send neither \`Sec-Fetch-Site\` nor \`Origin\` and pass.

**CORS.** Browsers on the allowed origins (the public URL's and \`ALLOWED_ORIGINS\`) may call with
credentials; answers expose \`RateLimit\`, \`RateLimit-Policy\`, \`Retry-After\` and \`X-Request-Id\`.

**Rate limits.** Every IP address has a budget of requests per window; each answer says it in
\`RateLimit-Policy\` and what is left in \`RateLimit\` (IETF draft httpapi-ratelimit-headers), and
beyond it the answer is 429 \`rate_limited\` with \`Retry-After\` (seconds). Signups per IP, failed
logins, forgot-password and email-confirmation have tighter limits of their own.

**Caching.** Every JSON answer has a weak \`ETag\` (a poem's card, a PNG, a strong one); a successful GET or HEAD asked with a matching
\`If-None-Match\` (and no \`Cache-Control: no-cache\`) is 304 with no body. Reads under \`/api/poem\`,
\`/api/author\` and \`/api/collection\` (share links excepted) without the session cookie are
\`Cache-Control: public, max-age=0, s-maxage=60, stale-while-revalidate=300\` with \`Vary: Cookie\`:
a shared cache may serve them for a minute. With the cookie they are \`private, no-cache\`; every
other answer, and every answer that is not a success, is \`no-store\`.

**Lists** take \`limit\` (1..100, default 20) and \`cursor\` (the \`next_cursor\` of the previous page;
null on the last page).

**Errors** are RFC 9457 problem details (\`application/problem+json\`) with a stable \`code\`.
Unknown body fields are rejected (400). Bodies are limited to 1 MB, uploads to 5 MB per file.
`.trim();

const GROUPS = [
  { name: 'auth', description: 'Account creation, login, logout, password reset, email verification' },
  { name: 'author', description: 'Public views of authors, their collections and poems, and following' },
  { name: 'me', description: "The logged-in author's own data, poems and collections" },
  { name: 'poem', description: 'Public poem views, search, metrics, likes' },
  {
    name: 'collection',
    description: 'Collection views, poems within a collection, following (login required)',
  },
];

/** The license of the contract's package, which the document is published under too. */
const LICENSE = 'MIT';

/** The statuses that carry no Problem. */
const OTHER_DESCRIPTIONS: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '304': 'Not Modified: the answer still has the ETag sent in `If-None-Match`; no body',
};

function isProblemStatus(status: string): status is `${ProblemStatus}` {
  return status in PROBLEM_DESCRIPTIONS;
}

/**
 * @ts-rest/open-api tags an operation with every router level and serves every body as
 * application/json (and leaves out any other); here the group is the tag, errors are application/problem+json, every
 * response is described with the headers it carries, a GET may answer 304, and every operation
 * says its security: login-only ones the session cookie, the others none (`[]`), so that no
 * client takes them for unspecified.
 */
function finishOperation(operation: Operation, route: AppRoute): Operation {
  const answers = { ...operation.responses, ...(route.method === 'GET' ? { 304: {} } : {}) };
  const responses: Operation['responses'] = {};
  for (const [status, response] of Object.entries(answers)) {
    const headers = responseHeaders(Number(status), route);
    if (isProblemStatus(status)) {
      const { content, ...rest } = response as { content?: Record<string, unknown> };
      responses[status] = {
        ...rest,
        description: PROBLEM_DESCRIPTIONS[Number(status) as ProblemStatus],
        headers,
        ...(content?.['application/json']
          ? { content: { 'application/problem+json': content['application/json'] } }
          : {}),
      };
    } else {
      const other = route.responses[Number(status)];
      // A body that is not JSON (a card's PNG), which @ts-rest/open-api leaves out.
      const content =
        other !== undefined && isAppRouteOtherResponse(other)
          ? { content: { [other.contentType]: { schema: { type: 'string', format: 'binary' } } } }
          : {};
      responses[status] = {
        ...response,
        ...content,
        description: OTHER_DESCRIPTIONS[status] ?? status,
        headers,
      };
    }
  }
  const requiresLogin = (route.metadata as RouteMetadata | undefined)?.requiresLogin === true;
  return {
    ...operation,
    tags: operation.tags?.slice(0, 1),
    responses,
    security: requiresLogin ? [{ session: [] }] : [],
  };
}

/** The OpenAPI 3 document of the whole contract; built on each call, nothing runs at import time. */
export function buildOpenApiDocument(options: OpenApiOptions = {}): OpenApiDocument {
  const document = generateOpenApi(
    contract,
    {
      info: {
        title: 'Poetry publishing service API',
        version: API_VERSION,
        description: DESCRIPTION,
        license: { name: LICENSE, url: `https://spdx.org/licenses/${LICENSE}.html` },
      },
      ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
      tags: GROUPS,
      components: {
        headers: RESPONSE_HEADERS,
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'poetry.sid',
            description: 'The session cookie set by login or signup (`__Host-poetry.sid` behind HTTPS)',
          },
        },
      },
    },
    { setOperationId: 'concatenated-path', operationMapper: finishOperation },
  );
  admitNullWhereNullable(document);
  return document;
}
