import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorWithPages, type PageRoute, pageRoutes, webBuild } from './support/page-routes.js';
import { type Service, startService } from './support/service.js';

let service: Service;

beforeAll(async () => {
  // Thousands of requests and an author per route from one address: past the limits the walk
  // would see only 429s.
  service = await startService({ GENERAL_REQUESTS_PER_IP: '1000000', SIGNUPS_PER_IP: '1000' });
});
afterAll(() => service?.stop());

/** A made-up method (Node's parser refuses it: 400) and WebDAV's PROPFIND, which pages never serve. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'FOO'];

const MULTIPART = 'multipart/form-data; boundary=walk';
/** `postable`: what an action may be sent (a form, or nothing, as the poem page's read counter posts). */
const BODIES: Record<string, { type?: string; body?: string; postable: boolean }> = {
  none: { postable: true },
  'form-urlencoded': { type: 'application/x-www-form-urlencoded', body: 'note=walked', postable: true },
  multipart: {
    type: MULTIPART,
    body: '--walk\r\nContent-Disposition: form-data; name="note"\r\n\r\nwalked\r\n--walk--\r\n',
    postable: true,
  },
  'broken multipart': { type: MULTIPART, body: '--walk\r\nnot a part at all', postable: true },
  json: { type: 'application/json', body: '{"note":"walked"}', postable: false },
  'text/plain': { type: 'text/plain', body: 'note=walked', postable: false },
  'no content type': { body: 'note=walked', postable: false },
};

type Answer = { status: number; headers: http.IncomingHttpHeaders };

function send(method: string, url: string, bodyName: string, cookie?: string): Promise<Answer> {
  const { type, body } = BODIES[bodyName] ?? {};
  const headers: Record<string, string> = { 'content-length': String(Buffer.byteLength(body ?? '')) };
  if (type) headers['content-type'] = type;
  if (cookie) headers.cookie = cookie;
  return new Promise((resolve, reject) => {
    const request = http.request(`${service.url}${url}`, { method, headers, agent: false }, (response) => {
      response
        .resume()
        .on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
    });
    request.on('error', reject).end(body);
  });
}

/** Runs `tasks` a few at a time (the machine's cores are shared). */
async function inParallel(tasks: (() => Promise<void>)[], width = 4) {
  const queue = [...tasks];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let task = queue.shift(); task; task = queue.shift()) await task();
    }),
  );
}

/** What a page must answer: 405 with `Allow` for a method it does not serve, 415 for a post that is no form. */
function expectedOf(route: PageRoute, method: string, bodyName: string) {
  const allow = route.takesForms ? 'GET, HEAD, POST' : 'GET, HEAD';
  if (method === 'FOO') return { status: 400 };
  if (method === 'OPTIONS') return { status: 204 };
  if (!allow.split(', ').includes(method)) return { status: 405, allow };
  if (method === 'POST' && !BODIES[bodyName]?.postable) return { status: 415 };
  return undefined;
}

/** Never 5xx; the expected refusal exactly, as problem+json; else the page's own answer, never 405 or 415. */
function breaksTheRules(answer: Answer, expected: ReturnType<typeof expectedOf>): boolean {
  if (answer.status >= 500) return true;
  if (
    [405, 415].includes(answer.status) &&
    !/^application\/problem\+json/.test(answer.headers['content-type'] ?? '')
  )
    return true;
  return expected
    ? answer.status !== expected.status || answer.headers.allow !== expected.allow
    : answer.status === 405 || answer.status === 415;
}

describe('every page route, with every method and body', () => {
  it('answers 405 with Allow, 415, or the page, and never 5xx', { timeout: 600_000 }, async () => {
    const routes = pageRoutes(await webBuild());
    expect(routes.map(({ id }) => id)).toEqual(expect.arrayContaining(['routes/login', 'routes/poem']));
    const anonymous = { ...(await authorWithPages(service.url)), cookie: undefined };
    const failures: string[] = [];
    const tasks: (() => Promise<void>)[] = [];
    for (const route of routes) {
      // Each route its own author: a walked action may log out or delete what the next one uses.
      const loggedIn = await authorWithPages(service.url);
      for (const [who, { params, cookie }] of [
        ['anonymous', anonymous],
        ['logged in', loggedIn],
      ] as const) {
        const { form, data } = route.urls(params);
        const requests = [
          ...METHODS.flatMap((method) =>
            Object.keys(BODIES).map((bodyName) => ({ method, url: form, bodyName })),
          ),
          // React Router's server answers a page's `.data` URL too (where its client posts).
          ...Object.keys(BODIES).map((bodyName) => ({ method: 'POST', url: data, bodyName })),
        ];
        for (const { method, url, bodyName } of requests) {
          tasks.push(async () => {
            const answer = await send(method, url, bodyName, cookie);
            const expected = expectedOf(route, method, bodyName);
            if (breaksTheRules(answer, expected)) {
              failures.push(
                `${who} ${method} ${url} (${bodyName}): ${answer.status} allow=${answer.headers.allow}` +
                  (expected ? `, expected ${expected.status} allow=${expected.allow}` : ''),
              );
            }
          });
        }
      }
    }
    await inParallel(tasks);
    console.log(
      `walked ${routes.length} page routes × ${METHODS.length} methods × ${Object.keys(BODIES).length} bodies` +
        ` × anonymous and logged in, and every body posted to each route's .data URL: ${tasks.length} requests`,
    );
    expect(failures).toEqual([]);
  });
});
