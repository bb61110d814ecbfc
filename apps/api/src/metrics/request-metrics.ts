import { contract, namedRoutes, type RouteName } from '@poetry/contract';
import type { AppRoute } from '@ts-rest/core';
import type { Request, RequestHandler } from 'express';
import { Counter, Histogram, type Registry } from 'prom-client';

/**
 * The `route` of a request no contract route served: 404s, pages, probes, media, the OpenAPI
 * document, and requests refused before routing (the general rate limit's 429, CSRF's 403, a body
 * too large). Never the path itself, which would make a series per id.
 */
export const NO_ROUTE = 'none';

/** ts-rest's express integration puts the route it matched on the request before any handler runs. */
const routeNames = new Map<AppRoute, RouteName>(
  namedRoutes(contract).map(({ name, route }) => [route, name]),
);

function routeOf(req: Request): RouteName | typeof NO_ROUTE {
  const route = (req as Request & { tsRestRoute?: AppRoute }).tsRestRoute;
  return (route && routeNames.get(route)) ?? NO_ROUTE;
}

/**
 * Counts each request by its contract route, method and status class (`aborted` when the caller
 * hung up before the answer was complete), and its duration from the first middleware to the end
 * of the answer.
 */
export function requestMetrics(registry: Registry): RequestHandler {
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by contract route (none outside the contract), method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to the end of its answer, by contract route and method',
    labelNames: ['route', 'method'] as const,
    // A read takes a millisecond or two; the database's timeouts end any request by 6 s.
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return (req, res, next) => {
    const started = performance.now();
    res.once('close', () => {
      const route = routeOf(req);
      const statusClass = res.writableFinished ? `${Math.floor(res.statusCode / 100)}xx` : 'aborted';
      requests.inc({ route, method: req.method, status_class: statusClass });
      duration.observe({ route, method: req.method }, (performance.now() - started) / 1000);
    });
    next();
  };
}
