import { type AppRouter, isAppRoute } from '@ts-rest/core';
import type { createExpressEndpoints } from '@ts-rest/express';
import { notYetBuilt } from '../errors.js';

type RouterImplementation<T extends AppRouter> = Parameters<typeof createExpressEndpoints<T>>[1];

/**
 * Handlers for a part of the contract whose issue has not landed: each route exists and answers
 * `501 not_implemented` as problem+json, so the server and the contract never drift apart.
 */
export function notYetBuiltRoutes<T extends AppRouter>(router: T): RouterImplementation<T> {
  const handlers: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(router)) {
    handlers[key] = isAppRoute(value)
      ? async () => {
          throw notYetBuilt();
        }
      : notYetBuiltRoutes(value);
  }
  return handlers as RouterImplementation<T>;
}
