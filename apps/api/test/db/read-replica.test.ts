import { freePort } from '@poetry/test-support/free-ports';
import { useStarted } from '@poetry/test-support/hooks';
import { writePoem } from '@poetry/test-support/poems';
import { beforeAll, describe, expect, it } from 'vitest';
import { capturedLog } from '../support/captured-log.js';
import { createTestDatabase } from '../support/database.js';
import { type LoggedInAuthor, loggedInAuthor } from '../support/logged-in-authors.js';
import { sampleValue, scrapeAt, valueOrZero } from '../support/metrics.js';
import { send } from '../support/raw.js';
import { startTestServer, type TestEnv, type TestServer } from '../support/server.js';

/** A test server with METRICS_PORT over a fresh database, its env made knowing the database's URL, its log captured. */
function useServer(env: (databaseUrl: string) => TestEnv, log = capturedLog()) {
  return useStarted(
    'the test server',
    async () => {
      const [databaseUrl, metricsPort] = await Promise.all([createTestDatabase(), freePort()]);
      const values = { ...env(databaseUrl), METRICS_PORT: String(metricsPort), LOG_LEVEL: 'info' };
      const server = await startTestServer(values, databaseUrl, { logTo: log.logTo });
      return { ...server, log, scrape: () => scrapeAt(metricsPort) };
    },
    (server) => server.close(),
  );
}

const readyz = async (server: TestServer) => {
  const response = await send(`${server.url}/readyz`, 'GET');
  return { status: response.status, body: await response.json() };
};

/** Every anonymous read route, each answered 200 (the SDK refuses any other answer). */
async function readEverythingAnonymously(server: TestServer, author: LoggedInAuthor, poemId: string) {
  const reader = server.client();
  const authorId = author.id;
  await reader.poem.get({ params: { poemId } });
  await reader.poem.search({ query: { q: 'traveller' } });
  await reader.poem.around({ params: { poemId }, query: {} });
  await reader.poem.likes.list({ params: { poemId }, query: {} });
  await reader.author.get({ params: { authorId } });
  await reader.author.followers.list({ params: { authorId }, query: {} });
  await reader.author.lists.get({ params: { listId: 'new' }, query: {} });
  await reader.author.poems.list({ params: { authorId }, query: {} });
  await reader.author.poems.get({ params: { authorId, poemId } });
  await reader.author.collections.list({ params: { authorId }, query: {} });
  for (const path of [`/api/poem/${poemId}/card`, '/sitemap.xml', '/sitemap/poems-1.xml']) {
    expect((await send(`${server.url}${path}`, 'GET')).status, path).toBe(200);
  }
}

describe('with DATABASE_READ_URL where nothing listens', () => {
  let replicaPort: number;
  beforeAll(async () => {
    replicaPort = await freePort();
  });
  const server = useServer(() => ({ DATABASE_READ_URL: `postgres://127.0.0.1:${replicaPort}/poetry` }));

  it('answers every anonymous read from the primary, and says so', async () => {
    const author = await loggedInAuthor(server);
    const poem = await writePoem(author.client);
    await readEverythingAnonymously(server, author, poem.id);

    const { samples } = await server.scrape();
    expect(sampleValue(samples, 'poetry_read_replica_in_use')).toBe(0);
    expect(sampleValue(samples, 'poetry_read_replica_lag_seconds')).toBeUndefined();
    expect(valueOrZero(samples, 'poetry_anonymous_reads_total', { served_by: 'replica' })).toBe(0);
    expect(valueOrZero(samples, 'poetry_anonymous_reads_total', { served_by: 'primary' })).toBeGreaterThan(
      12,
    );
    expect(sampleValue(samples, 'db_pool_connections', { pool: 'replica', state: 'idle' })).toBe(0);
    await server.log.logged('"level":40', 'anonymous reads leave the read replica for the primary: down');
  });

  it('serves logged-in reads and /api/me from the primary, never through the replica', async () => {
    const primaryReads = async () =>
      valueOrZero((await server.scrape()).samples, 'poetry_anonymous_reads_total', { served_by: 'primary' });
    const author = await loggedInAuthor(server);
    const poem = await writePoem(author.client);
    await server.client().poem.get({ params: { poemId: poem.id } });
    const before = await primaryReads();
    expect(before).toBeGreaterThan(0);
    const { poem: read } = await author.client.poem.get({ params: { poemId: poem.id } });
    expect(read.id).toBe(poem.id);
    const { poems } = await author.client.me.poems.list({ query: {} });
    expect(poems.map((mine) => mine.id)).toEqual([poem.id]);
    expect(await primaryReads()).toBe(before);
  });

  it('is ready, with the replica down', async () => {
    expect(await readyz(server)).toEqual({
      status: 200,
      body: { status: 'ready', read_replica: { state: 'down', lag_seconds: null } },
    });
  });
});

describe('with DATABASE_READ_URL naming the primary itself', () => {
  const server = useServer((databaseUrl) => ({ DATABASE_READ_URL: databaseUrl }));
  const replicaReads = async () =>
    valueOrZero((await server.scrape()).samples, 'poetry_anonymous_reads_total', { served_by: 'replica' });

  it('is ready, with the replica in use and no lag', async () => {
    expect(await readyz(server)).toEqual({
      status: 200,
      body: { status: 'ready', read_replica: { state: 'in_use', lag_seconds: 0 } },
    });
    const { samples } = await server.scrape();
    expect(sampleValue(samples, 'poetry_read_replica_in_use')).toBe(1);
    expect(sampleValue(samples, 'poetry_read_replica_lag_seconds')).toBe(0);
  });

  it('reads an anonymous request from the replica and a logged-in one from the primary', async () => {
    const author = await loggedInAuthor(server);
    const poem = await writePoem(author.client);
    const params = { poemId: poem.id };

    const before = await replicaReads();
    await server.client().poem.get({ params });
    const afterAnonymous = await replicaReads();
    expect(afterAnonymous).toBeGreaterThan(before);

    await author.client.poem.get({ params });
    expect(await replicaReads()).toBe(afterAnonymous);
    const { samples } = await server.scrape();
    expect(valueOrZero(samples, 'poetry_anonymous_reads_total', { served_by: 'primary' })).toBe(0);
  });

  it('reads every anonymous route through the replica', async () => {
    const author = await loggedInAuthor(server);
    const poem = await writePoem(author.client);
    const before = await replicaReads();
    await readEverythingAnonymously(server, author, poem.id);
    expect((await replicaReads()) - before).toBeGreaterThan(12);
  });
});
