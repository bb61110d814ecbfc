import { Problem } from '@poetry/contract';
import { expect } from 'vitest';
import { send } from './raw.js';
import type { TestServer } from './server.js';

/**
 * Asserts that a raw response is a problem+json of the given status and code, valid against the
 * contract, with no stack trace (a 413 naming its limit), and (if given) with field errors at exactly these paths.
 */
export async function expectProblem(
  responsePromise: Promise<Response>,
  status: number,
  code: string,
  paths?: string[],
) {
  const response = await responsePromise;
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const problem = Problem.parse(JSON.parse(text));
  expect(problem).toMatchObject({ status, code });
  expect(text).not.toMatch(/\bat .+\.(ts|js):\d+/);
  // Too large says how large would do.
  if (status === 413) expect(problem.detail).toMatch(/(limit of|at most) \d/);
  if (paths) expect(problem.errors?.map((error) => error.path).sort()).toEqual([...paths].sort());
  return problem;
}

/** Asserts that `cookie` opens no session (any more): `GET /api/me` with it is 401 unauthenticated. */
export const expectNoSession = (server: TestServer, cookie: string) =>
  expectProblem(send(`${server.url}/api/me`, 'GET', { cookie }), 401, 'unauthenticated');
