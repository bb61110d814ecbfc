import type { FieldError, ProblemCode } from '@poetry/contract';

export type { FieldError };

/**
 * A failure the service explains to its caller. Services throw these; the HTTP layer
 * turns them into problem+json in one place (`http/problem.ts`).
 */
export class DomainError extends Error {
  override name = 'DomainError';

  constructor(
    readonly code: ProblemCode,
    message: string,
    readonly fieldErrors?: FieldError[],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new DomainError('not_found', `${what} not found`);

/** `value`, or a 404 for `what` when there is none. */
export function found<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw notFound(what);
  return value;
}

export const unauthenticated = () => new DomainError('unauthenticated', 'Log in to do this');

export const invalidCredentials = () =>
  new DomainError('invalid_credentials', 'The email or the password is wrong');

export const forbidden = (detail: string) => new DomainError('forbidden', detail);

export const conflict = (detail: string, fieldErrors?: FieldError[]) =>
  new DomainError('conflict', detail, fieldErrors);

export const unprocessable = (detail: string, fieldErrors?: FieldError[]) =>
  new DomainError('unprocessable', detail, fieldErrors);

export const validationFailed = (fieldErrors: FieldError[]) =>
  new DomainError('validation_failed', 'The request is not valid', fieldErrors);

export const rateLimited = (retryAfterSeconds: number, detail = 'Too many attempts; try again later') =>
  new DomainError('rate_limited', detail, undefined, retryAfterSeconds);

/** `bytes` as people read a limit: "5 MB", "16 KB", "100 bytes" (binary units, as the limits are set). */
export function sizeOf(bytes: number): string {
  for (const [unit, size] of [
    ['MB', 1024 * 1024],
    ['KB', 1024],
  ] as const) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

/**
 * A 413 that says which limit was passed, so the caller knows what would be accepted; with `path`,
 * also beside that field (a file part), as every other refusal of a part is.
 */
export const tooLarge = (what: string, limitBytes: number, path?: string) =>
  new DomainError(
    'payload_too_large',
    `${what} is larger than the limit of ${sizeOf(limitBytes)}`,
    path === undefined
      ? undefined
      : [{ path, code: 'too_large', message: `Must be at most ${sizeOf(limitBytes)}` }],
  );

/** A 405; the caller sets `Allow` to the methods that are answered. */
export const methodNotAllowed = (method: string, allowed: readonly string[]) =>
  new DomainError('method_not_allowed', `${method} is not answered here; ${allowed.join(', ')} are`);

export const unsupportedMediaType = (detail: string) => new DomainError('unsupported_media_type', detail);
