import { type Contract, contract } from '@poetry/contract';
import {
  type AppRoute,
  type AppRouteFunction,
  type AppRouter,
  type ClientArgs,
  type ClientInferResponseBody,
  getRouteQuery,
  type InitClientArgs,
  isAppRoute,
} from '@ts-rest/core';
import { createFetcher } from './fetcher.js';
import { type ItemOf, paginate } from './pagination.js';
import type { RetryOptions } from './retry.js';
import type { ClientSession } from './session.js';

export type PoetryClientOptions = {
  /** Where the service runs, e.g. `http://localhost:3000`. */
  baseUrl: string;
  /** A fetch to use instead of the global one. */
  fetch?: typeof fetch;
  /**
   * A session exported earlier with `client.session.export()`, to carry on a login. Not in a
   * browser, where the browser keeps the session cookie.
   */
  session?: string;
  /**
   * Retry on 429, 503 and network failures the requests that are safe to repeat: GETs and the
   * routes the contract marks idempotent (follow, like, add to a collection, edit a poem, ...).
   * Never a POST or a metric count. Off by default.
   */
  retry?: RetryOptions;
  /** Check every response against the contract's schema (for tests and development). */
  validateResponses?: boolean;
};

type SuccessStatus = 200 | 201 | 204;

type Args<R extends AppRoute> = Parameters<AppRouteFunction<R, ClientArgs>>;

/** A route as a method that resolves to the success body, or throws `ApiError` / `NetworkError`. */
export type SdkRoute<R extends AppRoute> = (
  ...args: Args<R>
) => Promise<ClientInferResponseBody<R, Extract<keyof R['responses'], SuccessStatus>>>;

/** `iterate`, on every group with a paginated `list`: all its records, page after page. */
type Iterable<T extends AppRouter> = T['list'] extends AppRoute
  ? {
      iterate: (...args: Args<T['list']>) => AsyncGenerator<ItemOf<Awaited<ReturnType<SdkRoute<T['list']>>>>>;
    }
  : unknown;

/** Every route of the contract, grouped as the contract groups them. */
export type SdkRouter<T extends AppRouter> = {
  [K in keyof T]: T[K] extends AppRoute ? SdkRoute<T[K]> : T[K] extends AppRouter ? SdkRouter<T[K]> : never;
} & Iterable<T>;

type Group = Record<string, unknown>;

/** A route as ts-rest's client calls it. */
type RouteQuery = (args?: unknown) => Promise<{ body: unknown }>;

/**
 * A call's arguments with each path parameter encoded as one path segment: ts-rest puts them in
 * the path as given, so that a username `../../api/me` (a page's address may carry one) called
 * another route than the one named.
 */
function withEncodedParams(args: unknown): unknown {
  const params = (args as { params?: Record<string, unknown> } | undefined)?.params;
  if (!params) return args;
  const encoded = Object.entries(params).map(([name, value]) => [name, encodeURIComponent(String(value))]);
  return { ...(args as object), params: Object.fromEntries(encoded) };
}

/** `group[key]`, made by `make` when first read: a client is made whole for each page a server renders. */
function lazily(group: Group, key: string, make: () => Group) {
  Object.defineProperty(group, key, {
    enumerable: true,
    configurable: true,
    get() {
      const value = make();
      Object.defineProperty(group, key, { value, enumerable: true });
      return value;
    },
  });
}

/**
 * The routes of `router` as methods resolving to the body, each made by ts-rest when first
 * called, each group when first read: a client is made per page a server renders, and uses two
 * or three of the contract's routes (ts-rest making them all cost a poem page 0.1 ms of CPU).
 */
function toSdk(router: AppRouter, clientArgs: InitClientArgs): Group {
  const group: Group = {};
  for (const [key, value] of Object.entries(router)) {
    if (isAppRoute(value)) {
      let query: RouteQuery | undefined;
      group[key] = async (args?: unknown) => {
        query ??= getRouteQuery(value, clientArgs) as RouteQuery;
        return (await query(withEncodedParams(args))).body;
      };
    } else {
      lazily(group, key, () => toSdk(value, clientArgs));
    }
  }
  if (router.list && isAppRoute(router.list)) {
    const list = group.list as Parameters<typeof paginate>[0];
    group.iterate = (args?: Parameters<typeof list>[0]) => paginate(list, args);
  }
  return group;
}

// createPoetryClient's declared return type, so that the declaration files name it instead of
// spelling out every route again.
/** Every route of the contract as a method, and the session cookie the client keeps. */
export type PoetryClient = SdkRouter<Contract> & { session: ClientSession };

/** A client of the service at `options.baseUrl` whose session cookie `session` keeps. */
export function createClient(options: PoetryClientOptions, session: ClientSession): PoetryClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const api = toSdk(contract, {
    baseUrl,
    api: createFetcher({ ...options, baseUrl }, session),
    throwOnUnknownStatus: true,
    credentials: 'include',
  }) as SdkRouter<Contract>;
  return Object.assign(api, { session });
}
