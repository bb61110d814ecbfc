import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createPoetryClient, POEM_BODY_MAX } from '@poetry/sdk';
import { freePorts } from '@poetry/test-support/free-ports';
import { startService } from './servers.js';
import { median, percentile } from './stats.js';

const HELP = `pnpm --filter @poetry/bench page-render [--requests 30]

What one page of a poem at the body's limit costs the service (the production build, on its own
embedded PostgreSQL in a temporary folder): the poem of issue 29, "a" and a blank line repeated
to ${POEM_BODY_MAX.toLocaleString('en')} characters, a stanza every three characters. Its page
(/poem/<id>) and its share link (/p/<key>) are requested --requests times one after another,
after a warm-up, each anonymously. Beside them, one small request at a time (/healthz) probes
the event loop: a probe waits as long as a render holds the loop. Prints, per page, the median
and p90 time of a request and its size, and the probes' times beside them and while idle.`;

const { values: args } = parseArgs({
  options: { requests: { type: 'string', default: '30' }, help: { type: 'boolean' } },
});
if (args.help) {
  console.log(HELP);
  process.exit(0);
}
const REQUESTS = Math.max(1, Math.trunc(Number(args.requests)) || 30);
const WARMUP = 3;
const STANZAS = 'a\n\n'.repeat(POEM_BODY_MAX / 3).slice(0, POEM_BODY_MAX - 1);

/** Milliseconds `request` takes. */
async function timed(request: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await request();
  return performance.now() - started;
}

/** The median, p90 and longest of `times`, in ms. */
const spread = (times: number[]) =>
  `median ${median(times).toFixed(1)} ms, p90 ${percentile(times, 0.9).toFixed(1)} ms, longest ${Math.max(...times).toFixed(1)} ms`;

/** Requests `url` with one request at a time until `done()`; answers each one's time. */
async function probe(url: string, done: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!done()) times.push(await timed(() => fetch(url).then((response) => response.arrayBuffer())));
  return times;
}

const [port = 0, databasePort = 0] = await freePorts(2);
const dataDir = await mkdtemp(path.join(tmpdir(), 'poetry-page-render-'));
// mkdtemp makes it 0700; the embedded PostgreSQL runs as its own user and must reach inside.
await chmod(dataDir, 0o755);
const service = await startService({
  port,
  databasePort,
  dataDir,
  secret: 'page-render-secret-0123456789abcdef',
});
try {
  // The service sends its Secure cookie over HTTPS only: the client speaks as through the TLS
  // proxy it trusts on loopback.
  const client = createPoetryClient({
    baseUrl: service.url.replace('http:', 'https:'),
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('x-forwarded-proto', 'https');
      return fetch(String(input).replace('https:', 'http:'), { ...init, headers });
    },
  });
  await client.auth.signup({
    body: {
      email: 'stanzas@example.com',
      password: 'a long bench password 9f',
      firstname: 'Stan',
      lastname: 'Zas',
    },
  });
  const { poem: draft } = await client.me.poems.create({ body: {} });
  const { poem } = await client.me.poems.update({
    params: { poemId: draft.id },
    body: { title: 'Stanzas', body: STANZAS, is_published: true },
  });

  const healthz = `${service.url}/healthz`;
  let idle = false;
  setTimeout(() => {
    idle = true;
  }, 1000);
  console.log(`idle, probes for 1 s: ${spread(await probe(healthz, () => idle))}`);

  for (const page of [`/poem/${poem.id}`, `/p/${poem.share_key}`]) {
    const url = service.url + page;
    let bytes = 0;
    const get = () =>
      fetch(url).then(async (response) => {
        if (!response.ok) throw new Error(`${page} answered ${response.status}`);
        bytes = (await response.arrayBuffer()).byteLength;
      });
    for (let n = 0; n < WARMUP; n += 1) await get();
    let finished = false;
    const probes = probe(healthz, () => finished);
    const times: number[] = [];
    for (let n = 0; n < REQUESTS; n += 1) times.push(await timed(get));
    finished = true;
    console.log(
      `${page.replace(/[^/]+$/, '<…>')}: ${REQUESTS} requests, median ${median(times).toFixed(1)} ms,` +
        ` p90 ${percentile(times, 0.9).toFixed(1)} ms, ${Math.round(bytes / 1024)} KB; probes beside them: ${spread(await probes)}`,
    );
  }
} finally {
  await service.stop();
  await rm(dataDir, { recursive: true, force: true });
}
