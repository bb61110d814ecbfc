import { BODY_MAX_BYTES, PHOTO_UPLOAD } from '@poetry/contract';
import type { Request, RequestHandler } from 'express';
import { tooLarge, validationFailed } from '../errors.js';

/** A page form with files (the studio's photo and banner, sent together): both, and its text. */
const MULTIPART_MAX_BYTES = 2 * PHOTO_UPLOAD.maxBytes + BODY_MAX_BYTES;

const limitOf = (req: Request) => (req.is('multipart/form-data') ? MULTIPART_MAX_BYTES : BODY_MAX_BYTES);

/**
 * Bounds what a page post may send before the pages read it whole (React Router's
 * `request.formData()`): the API's own body limit, and room for two photos in a form with files.
 * The body must state its length, as browsers do for every form, since Node delivers no more than
 * a stated length; a body of unstated length (chunked) could go on without end.
 */
export function pageBodyLimit(): RequestHandler {
  return (req, _res, next) => {
    if (req.headers['transfer-encoding'] !== undefined) {
      next(
        validationFailed([
          {
            path: '',
            code: 'invalid',
            message: 'A form post must state its length (Content-Length), not be sent in chunks',
          },
        ]),
      );
    } else if (Number(req.headers['content-length'] ?? 0) > limitOf(req)) {
      next(tooLarge('The form', limitOf(req)));
    } else {
      next();
    }
  };
}
