import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import type { MikroORM } from '../db/orm.js';
import { DomainError, tooLarge } from '../errors.js';
import { ormRequestContext } from './orm-context.js';

/** What one multipart route accepts; every bound is required, so none is left unlimited. */
export type MultipartLimits = {
  /** Names of the file parts the route takes, one file each; any other file part is 400. */
  files: readonly string[];
  fileBytes: number;
  /** Text parts (a repeated name counts once per part). */
  fields: number;
  fieldBytes: number;
  fieldNameBytes: number;
};

/** The file part `name` of a request parsed by `multipartFields`, if one was sent. */
export function uploadedFile(req: Request, name: string): Express.Multer.File | undefined {
  const files = req.files as Record<string, Express.Multer.File[]> | undefined;
  return files?.[name]?.[0];
}

/**
 * multer's own errors go on to the problem handler, but those of a size say here which limit was
 * passed; busboy's (a body that is not multipart as its header says: no boundary, cut short, a
 * malformed part) are the caller's, not ours.
 */
function partError(error: unknown, limits: MultipartLimits) {
  if (!(error instanceof multer.MulterError)) {
    const reason = error instanceof Error ? error.message : String(error);
    return new DomainError('validation_failed', `The multipart body is not valid: ${reason}`);
  }
  if (error.code === 'LIMIT_FILE_SIZE')
    return tooLarge(`The file "${error.field}"`, limits.fileBytes, error.field);
  if (error.code === 'LIMIT_FIELD_VALUE')
    return tooLarge(`The part "${error.field}"`, limits.fieldBytes, error.field);
  return error;
}

/**
 * Route middleware for a route that takes multipart/form-data as well as JSON (which the app's
 * JSON parser has read already). multer turns text parts into `req.body` (a repeated name
 * becomes an array, e.g. one `tags` part per tag), so the contract validates them like JSON;
 * file parts are kept in memory for `uploadedFile`. Any other body type is 415. multer's stream
 * callbacks leave the request's async context, so the ORM's request context is entered again.
 */
export function multipartFields(orm: MikroORM, limits: MultipartLimits): RequestHandler[] {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize: limits.fileBytes,
      files: limits.files.length,
      fields: limits.fields,
      fieldSize: limits.fieldBytes,
      fieldNameSize: limits.fieldNameBytes,
      parts: limits.fields + limits.files.length,
      headerPairs: 100,
      // multer reads `tags[1000000]` as index 1000000 of an array, which then has a million
      // items to check; no route takes a bracketed name, so any bracket is refused.
      fieldNestingDepth: 0,
    },
  }).fields(limits.files.map((name) => ({ name, maxCount: 1 })));

  const parse: RequestHandler = (req, res, next) =>
    upload(req, res, (error?: unknown) => next(error === undefined ? error : partError(error, limits)));

  const jsonOrMultipart: RequestHandler = (req, _res, next) => {
    const hasBody = req.headers['content-length'] !== '0' && req.get('content-type') !== undefined;
    if (hasBody && req.is(['application/json', 'multipart/form-data']) === false) {
      return next(new DomainError('unsupported_media_type', 'Send application/json or multipart/form-data'));
    }
    // The JSON parser inflates a compressed body; multer reads the bytes as they come.
    const encoding = req.get('content-encoding')?.trim().toLowerCase() ?? 'identity';
    if (req.is('multipart/form-data') && encoding !== 'identity') {
      return next(new DomainError('unsupported_media_type', 'Send multipart/form-data uncompressed'));
    }
    next();
  };

  return [jsonOrMultipart, parse, ormRequestContext(orm)];
}
