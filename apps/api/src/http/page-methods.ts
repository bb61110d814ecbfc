import type { RequestHandler } from 'express';
import { methodNotAllowed, unsupportedMediaType } from '../errors.js';
import { carriesBody } from './carries-body.js';

const READ = ['GET', 'HEAD'] as const;
const READ_AND_POST = [...READ, 'POST'] as const;

/** What a browser's form sends, and all that a page's action reads (`request.formData()`). */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * What a page answers, before it is asked: GET and HEAD, and POST with a form where the page
 * has an action (`takesForms`, from the web's build). Any other method (PUT, DELETE, TRACE...) is
 * 405 with `Allow`, and a post of anything but a form (JSON, text, no type) is 415: React Router
 * would run the action for them too, or refuse to build the request at all, and answer 500.
 */
export function pageMethods(takesForms: (url: string) => boolean): RequestHandler {
  return (req, res, next) => {
    // Asked only past a read: matching the page's routes costs a read a third of its CPU.
    if ((READ as readonly string[]).includes(req.method)) return next();
    const allowed: readonly string[] = takesForms(req.originalUrl) ? READ_AND_POST : READ;
    if (!allowed.includes(req.method)) {
      res.setHeader('Allow', allowed.join(', '));
      return next(methodNotAllowed(req.method, allowed));
    }
    if (req.method === 'POST' && carriesBody(req) && !req.is(FORM_TYPES)) {
      return next(unsupportedMediaType(`A page takes a form: ${FORM_TYPES.join(' or ')}`));
    }
    next();
  };
}
