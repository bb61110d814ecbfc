import type { RouteMetadata } from '@poetry/contract';
import type { AppRoute } from '@ts-rest/core';
import type { NextFunction, Request, Response } from 'express';
import { unauthenticated } from '../errors.js';

/**
 * Answers 401 for routes the contract marks `requiresLogin` when nobody is logged in, before the
 * request is validated, so a stranger learns nothing about private routes from 400s.
 */
export function requireLogin(req: Request & { tsRestRoute: AppRoute }, _res: Response, next: NextFunction) {
  const metadata = req.tsRestRoute.metadata as RouteMetadata | undefined;
  next(metadata?.requiresLogin && !req.user ? unauthenticated() : undefined);
}
