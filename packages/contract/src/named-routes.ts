import { type AppRoute, type AppRouter, isAppRoute } from '@ts-rest/core';

/** The dotted names of every route of a router, as a type: `'me.collections.poems.add' | ...`. */
export type RouteNameOf<R, Prefix extends string = ''> = {
  [K in keyof R & string]: R[K] extends AppRoute ? `${Prefix}${K}` : RouteNameOf<R[K], `${Prefix}${K}.`>;
}[keyof R & string];

export type NamedRoute<Name extends string = string> = { name: Name; route: AppRoute };

/** Every route of a router, named by its dotted path (`me.collections.poems.add`), in declaration order. */
export function namedRoutes<R extends AppRouter>(router: R): NamedRoute<RouteNameOf<R>>[] {
  const walk = (node: AppRouter, prefix: string[]): NamedRoute[] =>
    Object.entries(node).flatMap(([key, value]) =>
      isAppRoute(value)
        ? [{ name: [...prefix, key].join('.'), route: value }]
        : walk(value, [...prefix, key]),
    );
  return walk(router, []) as NamedRoute<RouteNameOf<R>>[];
}
