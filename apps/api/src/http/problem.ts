import { STATUS_CODES } from 'node:http';
import { PROBLEM_ERRORS_MAX, PROBLEM_STATUS, type ProblemCode } from '@poetry/contract';
import { RequestValidationError } from '@ts-rest/express';
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import type { ZodError, ZodIssue } from 'zod';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { DomainError, type FieldError, tooLarge } from '../errors.js';
import { fieldErrorCode } from './field-error-code.js';

/** Paths and messages can echo what the caller sent (a field name of any length); they are cut here. */
const FIELD_TEXT_MAX = 200;
const cut = (text: string) => (text.length > FIELD_TEXT_MAX ? `${text.slice(0, FIELD_TEXT_MAX)}…` : text);

/** At most PROBLEM_ERRORS_MAX field errors, and how many there were, so no answer grows with its input. */
function listedErrors(fieldErrors: readonly FieldError[] | undefined) {
  if (!fieldErrors?.length) return {};
  return {
    errors: fieldErrors
      .slice(0, PROBLEM_ERRORS_MAX)
      .map(({ path, code, message }) => ({ path: cut(path), code, message: cut(message) })),
    error_count: fieldErrors.length,
  };
}

export function sendProblem(res: Response, error: DomainError): void {
  const status = PROBLEM_STATUS[error.code];
  if (error.retryAfterSeconds !== undefined) {
    res.setHeader('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  }
  res
    .status(status)
    .type('application/problem+json')
    .send(
      JSON.stringify({
        type: 'about:blank',
        title: STATUS_CODES[status] ?? 'Error',
        status,
        code: error.code,
        detail: error.message,
        ...listedErrors(error.fieldErrors),
      }),
    );
}

/** One field error per issue; an unknown-keys issue becomes one per key, so each is listed and counted. */
function zodFieldErrors(error: ZodError | null, prefix: string): FieldError[] {
  if (!error) return [];
  const pathOf = (path: ZodIssue['path']) => [prefix, ...path].filter((part) => part !== '').join('.');
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          path: pathOf([...issue.path, key]),
          code: 'unknown_field',
          message: 'Not a field of this request',
        }))
      : [{ path: pathOf(issue.path), code: fieldErrorCode(issue), message: issue.message }],
  );
}

/** Part names multer refuses to read as a path (`tags[3]`, `a[b]`). */
const MULTER_BAD_NAME = new Set(['LIMIT_FIELD_NESTING', 'LIMIT_FIELD_ARRAY_INDEX', 'INVALID_FIELD_NAME']);

function fromMulter(error: multer.MulterError): DomainError {
  if (error.code === 'LIMIT_UNEXPECTED_FILE') {
    return new DomainError('validation_failed', 'The request is not valid', [
      { path: error.field ?? '', code: 'unknown_field', message: 'Not a file part this route takes' },
    ]);
  }
  if (MULTER_BAD_NAME.has(error.code)) {
    return new DomainError('validation_failed', 'The request is not valid', [
      {
        path: error.field ?? '',
        code: 'invalid',
        message: 'Part names are plain field names, without brackets',
      },
    ]);
  }
  return new DomainError('validation_failed', `The multipart body is not valid: ${error.message}`);
}

/** The codes of the 4xx statuses that parsers below our code (Express, body-parser) report. */
const CLIENT_ERROR_CODES: Partial<Record<number, ProblemCode>> = {
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

/**
 * An error of the http-errors kind with a 4xx status: a path segment that is not valid
 * percent-encoding (Express), a compressed body that does not inflate (body-parser). Its message
 * is written for the caller (`expose`); a status without a code of its own is a 400.
 */
function fromClientError(error: unknown): DomainError | undefined {
  const { status, expose, message } = (error ?? {}) as {
    status?: unknown;
    expose?: unknown;
    message?: unknown;
  };
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  // Express marks its URIError (a path segment it cannot decode) with a status but not `expose`.
  const detail =
    error instanceof URIError
      ? 'The path is not valid percent-encoding'
      : expose === true && typeof message === 'string'
        ? cut(message)
        : 'The request is not valid';
  return new DomainError(CLIENT_ERROR_CODES[status] ?? 'validation_failed', detail);
}

/** Errors raised below our code (body parser, multer, ts-rest, the database driver) as domain errors. */
function toDomainError(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error;
  if (error instanceof multer.MulterError) return fromMulter(error);
  if (error instanceof RequestValidationError) {
    return new DomainError('validation_failed', 'The request is not valid', [
      ...zodFieldErrors(error.pathParams, 'params'),
      ...zodFieldErrors(error.query, 'query'),
      ...zodFieldErrors(error.body, ''),
    ]);
  }
  const { type } = (error ?? {}) as { type?: string };
  switch (type) {
    case 'entity.too.large':
      return tooLarge('The request body', (error as { limit: number }).limit);
    case 'entity.parse.failed':
      return new DomainError('validation_failed', 'The request body is not valid JSON');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new DomainError('unsupported_media_type', 'The request body encoding is not supported');
  }
  if (isDatabaseUnavailable(error)) {
    return new DomainError('unavailable', 'The service is temporarily unavailable');
  }
  return fromClientError(error);
}

export const problemErrorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.writableEnded) {
    // The answer is written in full and this comes after it (express-session reports a failed
    // save or renewal of the session once the answer has ended, e.g. with the database down).
    // It cannot change the answer; passing it on would cut the connection and lose the answer.
    req.log.warn({ err: error }, 'error after the answer was sent');
    return;
  }
  // Cut in the middle of an answer: Express closes the connection, so the client sees it is incomplete.
  if (res.headersSent) return next(error);
  const domainError = toDomainError(error);
  if (domainError) return sendProblem(res, domainError);
  req.log.error({ err: error }, 'unhandled error');
  sendProblem(res, new DomainError('internal', 'Something went wrong on our side'));
};

export const routeNotFound: RequestHandler = (req, res) => {
  sendProblem(res, new DomainError('not_found', `No route for ${req.method} ${req.path}`));
};

/**
 * Where a request goes once it has run past the app's last layer, in place of Express's
 * finalhandler. As `routeNotFound` and `problemErrorHandler` end the stack, only a report made
 * after the answer gets this far: e.g. express-session's failed renewal of the session once the
 * error handler's own answer has ended (the database down). finalhandler cut the connection
 * then, and a client reusing it saw its next request reset.
 */
export function pastTheLastLayer(req: Request, res: Response): NextFunction {
  return (error?: unknown) => {
    if (error) return problemErrorHandler(error, req, res, () => res.destroy());
    if (!res.headersSent) routeNotFound(req, res, () => undefined);
  };
}
