import { STATUS_CODES } from 'node:http';
import { PROBLEM_STATUS } from '@poetry/contract';
import { RequestValidationError } from '@ts-rest/express';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import multer from 'multer';
import type { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { DomainError, type FieldError } from '../errors.js';

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
        ...(error.fieldErrors?.length ? { errors: error.fieldErrors } : {}),
      }),
    );
}

function zodFieldErrors(error: ZodError | null, prefix: string): FieldError[] {
  if (!error) return [];
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path].filter((part) => part !== '').join('.'),
    message: issue.message,
  }));
}

const MULTER_TOO_LARGE = new Set(['LIMIT_FILE_SIZE', 'LIMIT_FIELD_VALUE']);

function fromMulter(error: multer.MulterError): DomainError {
  if (MULTER_TOO_LARGE.has(error.code)) {
    return new DomainError('payload_too_large', `The part "${error.field ?? ''}" is too large`);
  }
  if (error.code === 'LIMIT_UNEXPECTED_FILE') {
    return new DomainError('validation_failed', 'The request is not valid', [
      { path: error.field ?? '', message: 'Not a file part this route takes' },
    ]);
  }
  return new DomainError('validation_failed', `The multipart body is not valid: ${error.message}`);
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
      return new DomainError('payload_too_large', 'The request body is too large');
    case 'entity.parse.failed':
      return new DomainError('validation_failed', 'The request body is not valid JSON');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new DomainError('unsupported_media_type', 'The request body encoding is not supported');
  }
  if (isDatabaseUnavailable(error)) {
    return new DomainError('unavailable', 'The service is temporarily unavailable');
  }
  return undefined;
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
