import { contract } from '@poetry/contract';
import { type AppRoute, type AppRouter, isAppRoute, validateResponse } from '@ts-rest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { send, sessionCookie } from '../support/raw.js';
import { startTestServer, type TestServer } from '../support/server.js';

function routesOf(router: AppRouter, prefix = ''): [string, AppRoute][] {
  return Object.entries(router).flatMap(([key, value]) =>
    isAppRoute(value)
      ? [[`${prefix}${key}`, value] as [string, AppRoute]]
      : routesOf(value, `${prefix}${key}.`),
  );
}

const ZERO_UUID = '00000000-0000-7000-8000-000000000000';
const routes = routesOf(contract);

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  const { email, password } = await signUp(server.client());
  cookie = sessionCookie(await send(`${server.url}/api/auth/login`, 'POST', { body: { email, password } }));
});
afterAll(() => server?.close());

/**
 * Every route of the contract exists on the server and answers, anonymous or logged in, with a
 * status the contract declares and a body valid against the contract's schema for that status.
 * The session-ending routes run last, so they do not log the others out.
 */
describe('every contract route answers as the contract declares', () => {
  const ordered = [...routes].sort(
    ([a], [b]) => Number(/logout|\.delete$/.test(a)) - Number(/logout|\.delete$/.test(b)),
  );
  for (const caller of ['anonymous', 'logged in'] as const) {
    it.each(ordered.filter(([name]) => !(caller === 'logged in' && name === 'me.delete')))(
      `${caller}: %s`,
      async (_name, route) => {
        const path = route.path.replace(/:(\w+)/g, (_match, param: string) =>
          param === 'listId' ? 'new' : ZERO_UUID,
        );
        const hasBody = route.method !== 'GET' && !(route.method === 'DELETE');
        const response = await send(`${server.url}${path}`, route.method, {
          ...(caller === 'logged in' ? { cookie } : {}),
          ...(hasBody ? { body: {} } : {}),
        });
        const declared = Object.keys(route.responses).map(Number);
        expect(declared, `${route.method} ${route.path} answered ${response.status}`).toContain(
          response.status,
        );
        expect(response.status, 'no server error').toBeLessThan(500);
        const isJson = /json/.test(response.headers.get('content-type') ?? '');
        expect(isJson).toBe(true);
        const body = await response.json();
        expect(() =>
          validateResponse({ appRoute: route, response: { status: response.status, body } }),
        ).not.toThrow();
      },
    );
  }
});
