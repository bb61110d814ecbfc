import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { capturedLog } from '../support/captured-log.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { type TestServer, useTestServer, useTwoTestServers } from '../support/server.js';

const LIMIT = 5;
const WINDOW_SECONDS = 60;
const SYNC_MS = 50;
const limits = {
  GENERAL_REQUESTS_PER_IP: String(LIMIT),
  GENERAL_RATE_WINDOW_SECONDS: String(WINDOW_SECONDS),
  GENERAL_RATE_SYNC_INTERVAL_MS: String(SYNC_MS),
  TRUST_PROXY: 'true',
};

const servers = useTwoTestServers(limits);

// The servers run in this process: the clock is set 10 s into a window of its own, and stays there.
beforeEach(() => {
  const nextWindow = (Math.floor(Date.now() / (WINDOW_SECONDS * 1000)) + 1) * WINDOW_SECONDS * 1000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(nextWindow + 10_000);
});
afterEach(() => {
  vi.useRealTimers();
});

let ipCount = 0;
const newIp = () => `10.9.${Math.floor(ipCount / 250)}.${(ipCount++ % 250) + 1}`;
const get = (on: TestServer, path: string, ip: string) =>
  send(`${on.url}${path}`, 'GET', { headers: { 'x-forwarded-for': ip } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * Long enough for each instance's next sync (every SYNC_MS) to have run and answered on a loaded
 * machine: four intervals flaked once there. No request can poll for it, as each one counts.
 */
const UNTIL_SYNCED_MS = 20 * SYNC_MS;

describe('the general per-IP limit', () => {
  it('tells the policy and what is left, and refuses the request over the limit with 429', async () => {
    const ip = newIp();
    for (let i = 1; i <= LIMIT; i += 1) {
      const response = await get(servers.first, '/api/poem', ip);
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-policy')).toBe(`"general";q=${LIMIT};w=${WINDOW_SECONDS}`);
      expect(response.headers.get('ratelimit')).toBe(`"general";r=${LIMIT - i};t=50`);
    }
    const refused = await get(servers.first, '/api/poem', ip);
    expect(refused.headers.get('retry-after')).toBe('50');
    expect(refused.headers.get('ratelimit')).toBe('"general";r=0;t=50');
    expect(refused.headers.get('ratelimit-policy')).toBe(`"general";q=${LIMIT};w=${WINDOW_SECONDS}`);
    await expectProblem(Promise.resolve(refused), 429, 'rate_limited');
    // Whatever the route, POSTs too.
    await expectProblem(
      send(`${servers.first.url}/api/auth/login`, 'POST', {
        body: { email: 'a@example.com', password: 'whatever' },
        headers: { 'x-forwarded-for': ip },
      }),
      429,
      'rate_limited',
    );

    // Another address is not concerned; the health probes are never refused.
    expect((await get(servers.first, '/api/poem', newIp())).status).toBe(200);
    expect((await get(servers.first, '/healthz', ip)).status).toBe(200);
    expect((await get(servers.first, '/readyz', ip)).status).toBe(200);
  });

  it('starts afresh in the next window', async () => {
    const ip = newIp();
    for (let i = 0; i <= LIMIT; i += 1) await get(servers.first, '/api/poem', ip);
    expect((await get(servers.first, '/api/poem', ip)).status).toBe(429);
    vi.setSystemTime(Date.now() + 50_000);
    const response = await get(servers.first, '/api/poem', ip);
    expect(response.status).toBe(200);
    expect(response.headers.get('ratelimit')).toBe(`"general";r=${LIMIT - 1};t=60`);
  });

  it('counts the requests of one address on every instance together', async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i += 1) expect((await get(servers.first, '/api/poem', ip)).status).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await get(servers.second, '/api/poem', ip)).status).toBe(200);
    // Alone, each instance has seen fewer than the limit; together they have seen all of it.
    await sharedCountReaches(ip, LIMIT);
    await sleep(UNTIL_SYNCED_MS); // each instance learns the total at its next sync
    await expectProblem(get(servers.first, '/api/poem', ip), 429, 'rate_limited');
    await expectProblem(get(servers.second, '/api/poem', ip), 429, 'rate_limited');
  });

  it('still counts the requests a sync is carrying while it waits on the database', async () => {
    const ip = newIp();
    for (let i = 0; i < 2; i += 1) await get(servers.first, '/api/poem', ip);
    await sharedCountReaches(ip, 2);
    // Another transaction holds the address's row: the next sync blocks with what it carries.
    const blocker = await servers.first.pool.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query(`SELECT 1 FROM rate_limit WHERE key LIKE 'general:%:' || $1 FOR UPDATE`, [ip]);
      for (let i = 0; i < 2; i += 1) await get(servers.first, '/api/poem', ip);
      await sleep(UNTIL_SYNCED_MS);
      const last = await get(servers.first, '/api/poem', ip);
      expect(last.status).toBe(200);
      expect(last.headers.get('ratelimit')).toBe('"general";r=0;t=50');
      await expectProblem(get(servers.first, '/api/poem', ip), 429, 'rate_limited');
    } finally {
      await blocker.query('COMMIT');
      blocker.release();
    }
  });

  async function sharedCountReaches(ip: string, count: number) {
    for (let tries = 0; ; tries += 1) {
      const { rows } = await servers.first.pool.query<{ points: number }>(
        `SELECT points FROM rate_limit WHERE key LIKE 'general:%:' || $1`,
        [ip],
      );
      if (rows[0]?.points === count) return;
      if (tries > 100) throw new Error(`the shared count of ${ip} is ${rows[0]?.points}, not ${count}`);
      await sleep(SYNC_MS);
    }
  }
});

describe('the general per-IP limit without its table', () => {
  const { logTo, logged } = capturedLog();
  const alone = useTestServer({ ...limits, LOG_LEVEL: 'info' }, { logTo });

  it('keeps counting locally and serves every request, then adds what it counted', async () => {
    const ip = newIp();
    await alone.pool.query('ALTER TABLE rate_limit RENAME TO rate_limit_offline');
    try {
      for (let i = 0; i < 3; i += 1) expect((await get(alone, '/api/openapi.json', ip)).status).toBe(200);
      await logged('general rate limit: counts stay local until the database answers');
      for (let i = 3; i < LIMIT; i += 1) expect((await get(alone, '/api/openapi.json', ip)).status).toBe(200);
      await expectProblem(get(alone, '/api/openapi.json', ip), 429, 'rate_limited');
    } finally {
      await alone.pool.query('ALTER TABLE rate_limit_offline RENAME TO rate_limit');
    }
    await logged('general rate limit: counts are shared again');
    // The first sync that answers may have taken its counts before the last requests came (its
    // query waiting for a connection): the next one adds those.
    const sharedPoints = async () => {
      const { rows } = await alone.pool.query<{ points: number }>(
        `SELECT points FROM rate_limit WHERE key LIKE 'general:%:' || $1`,
        [ip],
      );
      return rows[0]?.points;
    };
    await expect.poll(sharedPoints).toBe(LIMIT + 1);
  });
});
