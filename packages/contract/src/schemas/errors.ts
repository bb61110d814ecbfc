import { z } from 'zod';
import { withOpenApi } from './openapi-meta.js';

/** Machine-readable error codes; each belongs to exactly one HTTP status (see PROBLEM_STATUS). */
export const ProblemCode = z.enum([
  'validation_failed',
  'unauthenticated',
  'invalid_credentials',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable',
  'rate_limited',
  'internal',
  'unavailable',
]);
export type ProblemCode = z.infer<typeof ProblemCode>;

export const PROBLEM_STATUS = {
  validation_failed: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const satisfies Record<ProblemCode, number>;

/** Every status a route may answer with a Problem body. */
export type ProblemStatus = (typeof PROBLEM_STATUS)[ProblemCode];

/** What each error status means on this API; used for the OpenAPI response descriptions. */
export const PROBLEM_DESCRIPTIONS: Record<ProblemStatus, string> = {
  400: 'validation_failed: the path, query or body is not valid (unknown body fields included); `errors` lists each field',
  401: 'unauthenticated: login is required; or invalid_credentials: the email or password is wrong',
  403: 'forbidden: an unsafe method sent by a browser from another origin (CSRF rule)',
  404: 'not_found: no such thing, or the caller may not see it; a malformed id is also 404',
  405: 'method_not_allowed: a page (outside `/api`) does not answer this method; `Allow` lists those it does',
  409: 'conflict: a unique value (email, username) is already taken',
  413: 'payload_too_large: the body is over 1 MB, or an uploaded file is over 5 MB',
  415: 'unsupported_media_type: a body in an encoding, charset or media type the route does not read, or an upload that is not a JPEG, PNG, WebP or GIF image (judged by content)',
  422: 'unprocessable: well-formed but not allowed in the current state (see the operation description)',
  429: 'rate_limited: too many requests; retry after the `Retry-After` header (seconds)',
  500: 'internal: an unexpected failure on the server (never carries a stack trace)',
  503: 'unavailable: the database is unreachable, or (on an image upload) too many images wait to be decoded; retry after `Retry-After` when sent',
};

/**
 * What is wrong with one field, stable for a client to word as it likes (`message` is the API's
 * own English, which may change).
 */
export const FieldErrorCode = z
  .enum([
    'required',
    'too_short',
    'too_long',
    'too_many',
    'out_of_range',
    'invalid',
    'unknown_field',
    'taken',
    'reserved',
    'same_as_email',
    'too_common',
    'mismatch',
    'not_in_future',
    'already_published',
    'not_an_image',
    'too_large',
    'too_many_pixels',
  ])
  .describe(
    '`required`: missing or empty; `too_short`, `too_long`: text out of its length; `too_many`: a list ' +
      'over its size; `out_of_range`: a number or time out of its bounds; `invalid`: not of the form the ' +
      'field takes; `unknown_field`: not a field of this request; `taken`: an email or username another ' +
      'account has; `reserved`: a username no one may take; `same_as_email`, `too_common`: a password ' +
      'refused as easy to guess; `mismatch`: a confirmation that differs from what it confirms; ' +
      '`not_in_future`: a `publish_at` that has passed; `already_published`: a `publish_at` for a poem ' +
      'that stays published; `not_an_image`, `too_large`, `too_many_pixels`: an upload refused',
  );
export type FieldErrorCode = z.infer<typeof FieldErrorCode>;

export const FieldError = z.object({
  path: z
    .string()
    .describe('Dotted path of the offending field, e.g. `current_password`, `query.limit`, `tags.3`'),
  code: FieldErrorCode,
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldError>;

/** The most field errors a problem lists; `error_count` says how many there were in all. */
export const PROBLEM_ERRORS_MAX = 20;

/** RFC 9457 problem details, sent as `application/problem+json`. */
export const Problem = withOpenApi(
  z.object({
    type: z.string().describe('A URI reference identifying the problem type (`about:blank` when none)'),
    title: z.string().describe('Short summary of the status, e.g. "Not Found"'),
    status: z.number().int(),
    code: ProblemCode,
    detail: z.string().optional().describe('Human-readable explanation of this occurrence'),
    errors: z
      .array(FieldError)
      .max(PROBLEM_ERRORS_MAX)
      .optional()
      .describe(
        `One entry per invalid field (400, sometimes 409 and 422), the first ${PROBLEM_ERRORS_MAX} at most`,
      ),
    error_count: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('How many field errors there were in all (sent with `errors`)'),
  }),
  { title: 'Problem' },
);
export type Problem = z.infer<typeof Problem>;

export type ProblemResponses<S extends ProblemStatus> = { [K in S]: typeof Problem };

/** The error part of a route's `responses` map: `problems(400, 404)` → `{ 400: Problem, 404: Problem }`. */
export function problems<const S extends readonly ProblemStatus[]>(
  ...statuses: S
): ProblemResponses<S[number]> {
  return Object.fromEntries(statuses.map((status) => [status, Problem])) as ProblemResponses<S[number]>;
}
