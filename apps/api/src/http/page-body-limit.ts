import type { RequestHandler } from 'express';
import { tooLarge, validationFailed } from '../errors.js';
import { BODY_LIMIT_BYTES } from './json-body.js';

/**
 * Bounds what a page post may send before the pages read it whole (React Router's
 * `request.formData()`): the API's own body limit. The body must state its length, as browsers do
 * for every form, since Node delivers no more than a stated length; a body of unstated length
 * (chunked) could go on without end.
 */
export function pageBodyLimit(): RequestHandler {
  return (req, _res, next) => {
    if (req.headers['transfer-encoding'] !== undefined) {
      next(
        validationFailed([
          { path: '', message: 'A form post must state its length (Content-Length), not be sent in chunks' },
        ]),
      );
    } else if (Number(req.headers['content-length'] ?? 0) > BODY_LIMIT_BYTES) {
      next(tooLarge('The form', BODY_LIMIT_BYTES));
    } else {
      next();
    }
  };
}
