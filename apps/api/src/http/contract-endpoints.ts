import { contract } from '@poetry/contract';
import type { AppRouter } from '@ts-rest/core';
import { createExpressEndpoints } from '@ts-rest/express';
import express, { type RequestHandler } from 'express';

type Contract = typeof contract;
/** What `createExpressEndpoints` takes for any part of a contract. */
type GroupEndpoints = Parameters<typeof createExpressEndpoints<AppRouter>>;

/**
 * The contract's routes, one Express router per group of the contract (`auth`, `me`, `author`,
 * `poem`, `collection`, each under `/api/<group>`), and a request handed to its group's router by
 * the prefix of its path. Express tries a request against every route in the order they were
 * added, and the anonymous poem read was the 45th of 56 (`pnpm bench` scenario 1).
 */
export function contractEndpoints(
  /** `s.router(contract, …)`: checked against the whole contract there. */
  router: Record<keyof Contract, unknown>,
  options: Parameters<typeof createExpressEndpoints<Contract>>[3],
): RequestHandler {
  const groups = new Map<string, express.Router>();
  for (const group of Object.keys(contract) as (keyof Contract)[]) {
    // The app's own settings: `/api/poem/` and `/API/POEM` are not `/api/poem`.
    const groupRouter = express.Router({ strict: true, caseSensitive: true });
    // Typed for the whole contract by the caller; ts-rest's types cannot follow a group by name.
    createExpressEndpoints<AppRouter>(
      contract[group],
      router[group] as GroupEndpoints[1],
      groupRouter,
      options as unknown as GroupEndpoints[3],
    );
    groups.set(`/api/${group}`, groupRouter);
  }
  return (req, res, next) => {
    const path = req.path;
    const end = path.indexOf('/', '/api/'.length);
    const groupRouter = path.startsWith('/api/') && groups.get(end === -1 ? path : path.slice(0, end));
    if (!groupRouter) return next();
    groupRouter(req, res, next);
  };
}
