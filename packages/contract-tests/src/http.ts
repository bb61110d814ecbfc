import type { RouteName } from '@poetry/contract';
import { validateResponse } from '@ts-rest/core';
import { expect, inject } from 'vitest';
import { declaredStatuses, routeNamed, type SuccessBody } from './routes.js';

export type Request = {
  params?: Record<string, string>;
  /** Query parameters; a repeated parameter as an array. */
  query?: Record<string, string | string[]>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent verbatim as `application/json` (for JSON that is not valid). */
  rawBody?: string;
  /** Sent as multipart/form-data. */
  form?: FormData;
  cookie?: string;
  headers?: Record<string, string>;
  /** The server to ask; default: the suite's target. */
  baseUrl?: string;
};

export type Answer = { status: number; body: unknown; text: string; headers: Headers };

/** The route's URL with its path parameters filled in (each percent-encoded as one segment). */
export function urlOf(name: RouteName, request: Pick<Request, 'params' | 'query' | 'baseUrl'> = {}): string {
  const path = routeNamed(name).path.replace(/:(\w+)/g, (_match, param: string) => {
    const value = request.params?.[param];
    if (value === undefined) throw new Error(`${name}: no value for path parameter ${param}`);
    return encodeURIComponent(value);
  });
  const url = new URL(path, request.baseUrl ?? inject('target').baseUrl);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, item);
  }
  return url.href;
}

/**
 * Sends one request to a contract route and checks the answer against the contract: the status is
 * one the route declares, the body is valid against that status's schema, the media type is JSON
 * (problem+json for errors) and no error carries a stack trace. Every request of the suite goes
 * through here, so every response it sees is checked.
 */
export async function call(name: RouteName, request: Request = {}): Promise<Answer> {
  const route = routeNamed(name);
  const headers: Record<string, string> = { ...request.headers };
  if (request.cookie) headers.cookie = request.cookie;
  let body: string | FormData | undefined;
  if (request.form) body = request.form;
  else if (request.rawBody !== undefined || request.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = request.rawBody ?? JSON.stringify(request.body);
  }
  const response = await fetch(urlOf(name, request), { method: route.method, headers, body });
  const text = await response.text();
  const what = `${route.method} ${route.path} answered ${response.status}: ${text.slice(0, 500)}`;

  expect(declaredStatuses(route), `${what}\n(status not declared by the contract)`).toContain(
    response.status,
  );
  expect(response.headers.get('content-type') ?? '', what).toMatch(
    response.status >= 400 ? /^application\/problem\+json/ : /^application\/json/,
  );
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    expect.fail(`${what}\n(the body is not JSON)`);
  }
  expect(
    () => validateResponse({ appRoute: route, response: { status: response.status, body: parsed } }),
    what,
  ).not.toThrow();
  expect(text, 'no stack trace in an answer').not.toMatch(/\bat .+\.(ts|js|mjs|cjs):\d+/);
  return { status: response.status, body: parsed, text, headers: response.headers };
}

/** `name=value` of the session cookie an answer set. */
export function sessionCookie(answer: Answer): string {
  const cookie = answer.headers
    .getSetCookie()
    .find((candidate) => /^(__Host-)?poetry\.sid=./.test(candidate));
  if (!cookie) throw new Error('no session cookie was set');
  return cookie.split(';')[0] as string;
}

/** `call`, expecting the route's success status; answers the typed body. */
export async function succeed<N extends RouteName>(name: N, request: Request = {}): Promise<SuccessBody<N>> {
  const answer = await call(name, request);
  expect(answer.status, `${name}: ${answer.text.slice(0, 500)}`).toBeLessThan(300);
  return answer.body as SuccessBody<N>;
}
