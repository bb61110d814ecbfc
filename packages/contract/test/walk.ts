import { type AppRoute, type AppRouter, isAppRoute } from '@ts-rest/core';

export type NamedRoute = { name: string; route: AppRoute };

/** Every route of a router, named by its dotted path (`me.collections.poems.add`), in declaration order. */
export function walk(router: AppRouter, prefix: string[] = []): NamedRoute[] {
  return Object.entries(router).flatMap(([key, value]) =>
    isAppRoute(value) ? [{ name: [...prefix, key].join('.'), route: value }] : walk(value, [...prefix, key]),
  );
}
