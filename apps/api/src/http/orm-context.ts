import { type MikroORM, RequestContext } from '@mikro-orm/core';
import type { RequestHandler } from 'express';

/** Gives each request its own identity map: `orm.em` inside a request resolves to its fork. */
export function ormRequestContext(orm: MikroORM): RequestHandler {
  return (_req, _res, next) => RequestContext.create(orm.em, next);
}
