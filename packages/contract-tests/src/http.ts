import http from 'node:http';
import https from 'node:https';
import { Problem, type RouteName } from '@poetry/contract';
import { type AppRoute, isAppRouteOtherResponse, validateResponse } from '@ts-rest/core';
import { expect, inject } from 'vitest';
import { type OpenApiDocument, openApiValidator } from './openapi-validator.js';
import { declaredStatuses, routeNamed, type SuccessBody } from './routes.js';

export type Request = {
  params?: Record<string, string>;
  /** Path parameters put into the path as they are, not percent-encoded (for encodings that are not valid). */
  rawParams?: Record<string, string>;
  /** Query parameters; a repeated parameter as an array. */
  query?: Record<string, string | string[]>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent verbatim, as `application/json` unless `headers` name another content type. */
  rawBody?: string | Uint8Array;
  /** Sent as multipart/form-data. */
  form?: FormData;
  cookie?: string;
  headers?: Record<string, string>;
  /** The server to ask; default: the suite's target. */
  baseUrl?: string;
  /** Give up (a failed expectation) when no whole answer has come after this long. */
  timeoutMs?: number;
};

export type Answer = {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
  /** From sending the request to the last byte of the answer. */
  elapsedMs: number;
};

/** The route's URL with its path parameters filled in (each percent-encoded as one segment, unless raw). */
export function urlOf(
  name: RouteName,
  request: Pick<Request, 'params' | 'rawParams' | 'query' | 'baseUrl'> = {},
): string {
  const path = routeNamed(name).path.replace(/:(\w+)/g, (_match, param: string) => {
    const raw = request.rawParams?.[param];
    if (raw !== undefined) return raw;
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
 * (problem+json for errors), no error carries a stack trace, and the served OpenAPI document
 * admits it. Every request of the suite goes through here, `callRaw` or `revalidate`, so every
 * response it sees is checked.
 */
export async function call(name: RouteName, request: Request = {}): Promise<Answer> {
  const route = routeNamed(name);
  const answer = await exchange(route.method, urlOf(name, request), request);
  const what = `${route.method} ${route.path} answered ${answer.status}: ${answer.text.slice(0, 500)}`;
  expect(declaredStatuses(route), `${what}\n(status not declared by the contract)`).toContain(answer.status);
  expectWellFormed(answer, what, mediaTypeOf(route, answer.status));
  expect(
    () => validateResponse({ appRoute: route, response: { status: answer.status, body: answer.body } }),
    what,
  ).not.toThrow();
  await expectAdmitted(route.method, urlOf(name, request), answer);
  return answer;
}

/**
 * Sends one request that no route of the contract describes: to a path none names as sent (a
 * route's path with a trailing slash or in capitals, `/media/...`), or one its route may answer
 * with a status it does not declare. Checks what holds for every answer: JSON (problem+json for
 * errors), an error's body a valid Problem of that status, no stack trace.
 */
export async function callRaw(method: string, url: string, request: Request = {}): Promise<Answer> {
  const answer = await exchange(method, url, request);
  const what = `${method} ${new URL(url).pathname} answered ${answer.status}: ${answer.text.slice(0, 500)}`;
  expectWellFormed(answer, what);
  if (answer.status >= 400) {
    expect(Problem.safeParse(answer.body).success, `${what}\n(not a valid Problem)`).toBe(true);
    expect((answer.body as Problem).status, what).toBe(answer.status);
  }
  await expectAdmitted(method, url, answer);
  return answer;
}

const validators = new Map<string, Promise<ReturnType<typeof openApiValidator>>>();

/**
 * The validator of the document the suite's target serves, fetched once: the one every server the
 * suite talks to (the target, another instance of the same build, Prism's proxy before it) is held
 * to. Outside the suite (`packages/deploy-tests`, which has no target), that of the server asked.
 */
function documentValidator(url: string) {
  const server = inject('target')?.baseUrl ?? new URL(url).origin;
  let validator = validators.get(server);
  if (!validator) {
    validator = fetch(`${server}/api/openapi.json`)
      .then((response) => response.json() as Promise<OpenApiDocument>)
      .then(openApiValidator);
    validators.set(server, validator);
  }
  return validator;
}

/**
 * Checks an answer to a request that the server's OpenAPI document describes against it, with a
 * strict validator (status, media type, body, headers: see `openApiValidator`); an answer to a
 * path or method the document does not name is left alone. `call`, `callRaw` and `revalidate` do
 * this for every answer.
 */
async function expectAdmitted(method: string, url: string, answer: Omit<Answer, 'body' | 'elapsedMs'>) {
  const { operationOf, check } = await documentValidator(url);
  const operation = operationOf(method, url);
  if (!operation) return;
  const errors = check({ method, url, ...answer });
  expect(
    errors,
    `${operation} (${method} ${new URL(url).pathname}) answered ${answer.status}, which the OpenAPI document does not admit`,
  ).toEqual([]);
}

/** The media type of the body `route` answers `status` with: JSON, unless the contract says another (a card's PNG). */
function mediaTypeOf(route: AppRoute, status: number): string {
  const response = route.responses[status];
  return response !== undefined && isAppRouteOtherResponse(response)
    ? response.contentType
    : 'application/json';
}

/** Sends the request and reads the whole answer, timing it; the body is parsed if it is JSON, a Blob if an image. */
async function exchange(method: string, url: string, request: Request): Promise<Answer> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.cookie) headers.cookie = request.cookie;
  let body: string | Uint8Array | FormData | undefined;
  if (request.form) body = request.form;
  else if (request.rawBody !== undefined || request.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = request.rawBody ?? JSON.stringify(request.body);
  }
  const signal = request.timeoutMs === undefined ? undefined : AbortSignal.timeout(request.timeoutMs);
  const started = performance.now();
  try {
    const response = await fetch(url, { method, headers, body, signal });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const elapsedMs = performance.now() - started;
    const text = new TextDecoder().decode(bytes);
    const type = response.headers.get('content-type') ?? '';
    const parsed = type.startsWith('image/') ? new Blob([bytes], { type }) : parseJson(text);
    return { status: response.status, body: parsed, text, headers: response.headers, elapsedMs };
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      expect.fail(`${method} ${new URL(url).pathname}: no answer within ${request.timeoutMs} ms`);
    }
    throw error;
  }
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** JSON (or the media type the route declares), problem+json for an error, and no stack trace. */
function expectWellFormed(answer: Answer, what: string, mediaType = 'application/json') {
  const type = answer.headers.get('content-type') ?? '';
  if (answer.status >= 400) expect(type, what).toMatch(/^application\/problem\+json/);
  else expect(type.split(';')[0], what).toBe(mediaType);
  expect(answer.body, `${what}\n(the body is not ${mediaType})`).not.toBeUndefined();
  expect(answer.text, 'no stack trace in an answer').not.toMatch(/\bat .+\.(ts|js|mjs|cjs):\d+/);
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

type Revalidated = { status: number; headers: Headers; text: string };

/**
 * A GET with `If-None-Match` as a shared cache revalidates: node:http, because fetch adds
 * `Cache-Control: no-cache` to a request with `If-None-Match`, which asks for the whole answer.
 * The answer is checked against the OpenAPI document, as `call` checks its own.
 */
export async function revalidate(url: string, etag: string): Promise<Revalidated> {
  const answer = await conditionalGet(url, etag);
  await expectAdmitted('GET', url, answer);
  return answer;
}

function conditionalGet(url: string, etag: string): Promise<Revalidated> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { headers: { 'if-none-match': etag } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const item of [value ?? []].flat()) headers.append(name, item);
        }
        resolve({ status: response.statusCode ?? 0, headers, text });
      });
    });
    request.on('error', reject);
  });
}
