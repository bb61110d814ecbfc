import { contract, type Problem } from '@poetry/contract';
import {
  type ApiFetcher,
  type AppRoute,
  type AppRouteFunction,
  type AppRouter,
  type ClientArgs,
  type ClientInferResponseBody,
  initClient,
  isAppRoute,
  validateResponse,
} from '@ts-rest/core';
import { CookieSession } from './cookie-session.js';
import { ApiError, NetworkError } from './errors.js';
import { multipartBody } from './request-body.js';

export type PoetryClientOptions = {
  /** Where the service runs, e.g. `http://localhost:3000`. */
  baseUrl: string;
  /** A fetch to use instead of the global one. */
  fetch?: typeof fetch;
  /** A session exported earlier with `client.session.export()`. */
  session?: string;
  /** Check every response against the contract's schema (for tests and development). */
  validateResponses?: boolean;
};

type SuccessStatus = 200 | 201 | 204;

type SdkRoute<R extends AppRoute> = (
  ...args: Parameters<AppRouteFunction<R, ClientArgs>>
) => Promise<ClientInferResponseBody<R, Extract<keyof R['responses'], SuccessStatus>>>;

/** Every route of the contract as a method that resolves to the success body or throws. */
export type SdkRouter<T extends AppRouter> = {
  [K in keyof T]: T[K] extends AppRoute ? SdkRoute<T[K]> : T[K] extends AppRouter ? SdkRouter<T[K]> : never;
};

function isJson(response: Response): boolean {
  return /^application\/([\w.+-]*\+)?json/.test(response.headers.get('content-type') ?? '');
}

function problemOf(body: unknown): Partial<Problem> | undefined {
  return typeof body === 'object' && body !== null ? (body as Partial<Problem>) : undefined;
}

function fetcher(options: PoetryClientOptions, session: CookieSession): ApiFetcher {
  const doFetch = options.fetch ?? globalThis.fetch;
  return async (args) => {
    const { route, path, method, fetchOptions } = args;
    const { body, headers } =
      args.contentType === 'multipart/form-data'
        ? multipartBody(args)
        : { body: args.body as RequestInit['body'], headers: args.headers };
    const cookie = await session.header(path);
    let response: Response;
    try {
      response = await doFetch(path, {
        ...fetchOptions,
        method,
        headers: cookie ? { ...headers, cookie } : headers,
        body,
      });
    } catch (error) {
      throw new NetworkError(`Could not reach ${options.baseUrl}`, { cause: error });
    }
    await session.store(path, response);
    const responseBody = isJson(response) ? await response.json() : await response.text();
    if (!response.ok) throw new ApiError(response.status, problemOf(responseBody), response.headers);
    const result = { status: response.status, body: responseBody, headers: response.headers };
    return options.validateResponses
      ? { ...result, ...validateResponse({ appRoute: route, response: result }) }
      : result;
  };
}

function unwrapBodies(router: AppRouter, client: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(router).map(([key, value]) => {
      const member = client[key];
      if (isAppRoute(value)) {
        const call = member as (args?: unknown) => Promise<{ body: unknown }>;
        return [key, async (args?: unknown) => (await call(args)).body];
      }
      return [key, unwrapBodies(value, member as Record<string, unknown>)];
    }),
  );
}

export function createPoetryClient(options: PoetryClientOptions) {
  const session = new CookieSession(options.session);
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const client = initClient(contract, {
    baseUrl,
    api: fetcher({ ...options, baseUrl }, session),
    throwOnUnknownStatus: true,
  });
  const api = unwrapBodies(contract, client as unknown as Record<string, unknown>) as SdkRouter<
    typeof contract
  >;
  return Object.assign(api, { session });
}

export type PoetryClient = ReturnType<typeof createPoetryClient>;
