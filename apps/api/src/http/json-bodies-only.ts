import { type AppRoute, ContractNoBody, isAppRouteMutation } from '@ts-rest/core';
import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '../errors.js';
import { carriesBody } from './carries-body.js';

/** Whether the contract gives the route a JSON body: a body, in no other media type. */
const takesJson = (route: AppRoute) =>
  isAppRouteMutation(route) &&
  route.body !== ContractNoBody &&
  (route.contentType ?? 'application/json') === 'application/json';

/**
 * Answers 415 to a body that is not JSON on a route that takes JSON: the JSON parser leaves any
 * other body unread, and the route would then run as if none was sent. Multipart routes check
 * their own media types (`multipart-fields.ts`).
 */
export function jsonBodiesOnly(req: Request & { tsRestRoute: AppRoute }, _res: Response, next: NextFunction) {
  const refused = takesJson(req.tsRestRoute) && carriesBody(req) && req.is('application/json') === false;
  next(refused ? new DomainError('unsupported_media_type', 'Send the body as application/json') : undefined);
}
