import type { FieldError, Problem, ProblemCode } from '@poetry/contract';

/** The server answered with an error status; the details come from its problem+json body. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: ProblemCode | 'unknown';
  readonly detail: string | undefined;
  /** Which fields were wrong and why (`code`, for a program; `message`, the API's English), for `validation_failed` and some `conflict`s. */
  readonly errors: FieldError[];
  /** How many field errors there were in all; the server lists at most the first 20 in `errors`. */
  readonly errorCount: number;
  /** Seconds to wait before trying again, from `Retry-After` (429 and 503). */
  readonly retryAfter: number | undefined;

  constructor(status: number, problem: Partial<Problem> | undefined, headers: Headers) {
    super(problem?.detail ?? problem?.title ?? `HTTP ${status}`);
    this.status = status;
    this.code = problem?.code ?? 'unknown';
    this.detail = problem?.detail;
    this.errors = problem?.errors ?? [];
    this.errorCount = problem?.error_count ?? this.errors.length;
    const retryAfter = Number(headers.get('retry-after'));
    this.retryAfter = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
  }
}

/** The request never got an answer: the server is unreachable, or the connection broke. */
export class NetworkError extends Error {
  override name = 'NetworkError';
}
