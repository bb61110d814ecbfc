import { type Contract, contract, namedRoutes, type RouteMetadata, type RouteName } from '@poetry/contract';
import { type AppRoute, type ClientInferResponseBody, ContractNoBody } from '@ts-rest/core';

export const routes = namedRoutes(contract);

export function routeNamed(name: RouteName): AppRoute {
  const found = routes.find((route) => route.name === name);
  if (!found) throw new Error(`no route ${name} in the contract`);
  return found.route;
}

export const declaredStatuses = (route: AppRoute) => Object.keys(route.responses).map(Number);

export const requiresLogin = (route: AppRoute) =>
  (route.metadata as RouteMetadata | undefined)?.requiresLogin === true;

/** The route's body schema (GET routes have none). */
export const bodyOf = (route: AppRoute): unknown => ('body' in route ? route.body : undefined);

export const hasBody = (route: AppRoute) => bodyOf(route) !== undefined && bodyOf(route) !== ContractNoBody;

export const isMultipart = (route: AppRoute) =>
  'contentType' in route && route.contentType === 'multipart/form-data';

/** Whether the route's body is JSON: the contract's default media type. */
export const takesJson = (route: AppRoute) =>
  !('contentType' in route) || (route.contentType ?? 'application/json') === 'application/json';

export const pathParamsOf = (route: AppRoute) =>
  [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);

/** The route of the contract at a dotted name, as a type. */
export type RouteAt<N extends string, R = Contract> = N extends `${infer Head}.${infer Rest}`
  ? RouteAt<Rest, R[Head & keyof R]>
  : R[N & keyof R];

type SuccessStatus<N extends RouteName> = Extract<keyof RouteAt<N>['responses'], 200 | 201>;

/** The body a route answers on success. */
export type SuccessBody<N extends RouteName> =
  RouteAt<N> extends AppRoute ? ClientInferResponseBody<RouteAt<N>, SuccessStatus<N>> : never;
