import { PrivateAuthorResponse } from '@poetry/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { authorWithCookie } from '../support/logged-in-authors.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const PUBLIC_URL = 'http://poetry.example';
const FRONT_END = 'https://app.poetry.example';

/** The `Origin` a request carries, one column of RULE each. */
const ORIGINS = [
  ['no Origin', undefined],
  ['the public URL', PUBLIC_URL],
  ['an allowed origin', FRONT_END],
  // A sibling subdomain is same-site: the browser sends it the SameSite=Lax session cookie.
  ['a sibling subdomain', 'https://pages.poetry.example'],
  ['Origin null', 'null'],
] as const;

const PASS = true;
const DENY = false;

/** Whether an unsafe request passes, by `Sec-Fetch-Site` (rows) and `Origin` (columns). */
// biome-ignore format: a table
const RULE = [
  // Sec-Fetch-Site  Origin: absent  public  allowed  sibling  null
  [undefined,                PASS,    PASS,   PASS,    DENY,    DENY],
  ['same-origin',            PASS,    PASS,   PASS,    PASS,    PASS],
  ['same-site',              DENY,    PASS,   PASS,    DENY,    DENY],
  ['cross-site',             DENY,    PASS,   PASS,    DENY,    DENY],
  ['none',                   PASS,    PASS,   PASS,    PASS,    PASS],
] as const;

const CASES = RULE.flatMap(([site, ...verdicts]) =>
  verdicts.map((passes, column) => {
    const [originName, origin] = ORIGINS[column] as (typeof ORIGINS)[number];
    const headers: Record<string, string> = {};
    if (site) headers['sec-fetch-site'] = site;
    if (origin) headers.origin = origin;
    const verdict = passes ? 'passes' : 'is refused';
    return [`Sec-Fetch-Site ${site ?? 'absent'} with ${originName}`, verdict, headers, passes] as const;
  }),
);

const server = useTestServer({ PUBLIC_URL, ALLOWED_ORIGINS: FRONT_END });

type Author = Awaited<ReturnType<typeof authorWithCookie>>;
const NEW_BIO = 'Changed on my behalf';
const myAccount = (author: Author) => send(`${server.url}/api/me`, 'GET', { cookie: author.cookie });
const myBio = async (author: Author) =>
  PrivateAuthorResponse.parse(await (await myAccount(author)).json()).author.bio;

/** Unsafe requests on behalf of a logged-in author, and whether each took effect. */
const UNSAFE_REQUESTS = [
  {
    name: 'PUT /api/me',
    send: (author: Author, headers: Record<string, string>) =>
      send(`${server.url}/api/me`, 'PUT', { cookie: author.cookie, headers, body: { bio: NEW_BIO } }),
    tookEffect: async (author: Author) => (await myBio(author)) === NEW_BIO,
  },
  {
    name: 'POST /api/auth/login',
    send: (author: Author, headers: Record<string, string>) =>
      send(`${server.url}/api/auth/login`, 'POST', {
        cookie: author.cookie,
        headers,
        body: { email: author.me.email, password: author.me.password },
      }),
    // A login regenerates the session id: the session it was sent with is over.
    tookEffect: async (author: Author) => (await myAccount(author)).status === 401,
  },
];

describe.each(UNSAFE_REQUESTS)('CSRF: $name with a session cookie', (request) => {
  it.each(CASES)('%s %s', async (_name, _verdict, headers, passes) => {
    const author = await authorWithCookie(server);
    const response = await request.send(author, headers);
    if (passes) expect(response.status, await response.text()).toBe(200);
    else await expectProblem(Promise.resolve(response), 403, 'forbidden');
    expect(await request.tookEffect(author)).toBe(passes);
  });
});

describe('CSRF: safe methods', () => {
  let author: Author;
  beforeAll(async () => {
    author = await authorWithCookie(server);
  });

  it.each(CASES)('GET /api/me, %s, passes', async (_name, _verdict, headers) => {
    const response = await send(`${server.url}/api/me`, 'GET', { cookie: author.cookie, headers });
    expect(response.status).toBe(200);
  });
});
