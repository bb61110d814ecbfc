import type { Request } from 'express';
import { unauthenticated } from '../errors.js';

/** The logged-in author's id; answers 401 when nobody is logged in. */
export function currentAuthorId(req: Request): string {
  if (!req.user) throw unauthenticated();
  return req.user.id;
}
