import net from 'node:net';
import { contract, namedRoutes } from '@poetry/contract';
import { eventually } from '@poetry/test-support/eventually';
import { freePort } from '@poetry/test-support/free-ports';
import { writePoem } from '@poetry/test-support/poems';
import { useSmtpServer } from '@poetry/test-support/smtp';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { signUp } from '../support/authors.js';
import { follower } from '../support/followers.js';
import { loggedInAuthor } from '../support/logged-in-authors.js';
import { type Labels, sampleValue, scrapeAt, valueOrZero } from '../support/metrics.js';
import { send } from '../support/raw.js';
import { startTestServer, useTestServer } from '../support/server.js';

/**
 * The servers of this process that are listening. Not `getActiveResourcesInfo()`: a server's
 * handle stays among those for a moment after its `close` callback has run (the one `freePort`
 * just closed, the previous block's).
 */
const listeningServers = () =>
  (process as unknown as { _getActiveHandles(): unknown[] })
    ._getActiveHandles()
    .filter((handle) => handle instanceof net.Server && handle.listening).length;

describe('with METRICS_PORT', () => {
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
  });
  // The mail worker never runs here, so a queued mail stays owed.
  const server = useTestServer(() => ({
    METRICS_PORT: String(metricsPort),
    MAIL_POLL_INTERVAL_MS: String(3_600_000),
  }));

  const scrape = () => scrapeAt(metricsPort);

  it('answers Prometheus text with every family', async () => {
    const { text, samples } = await scrape();
    for (const [family, type] of [
      ['http_requests_total', 'counter'],
      ['http_request_duration_seconds', 'histogram'],
      ['db_pool_connections', 'gauge'],
      ['mail_outbox_depth', 'gauge'],
      ['mail_outbox_oldest_age_seconds', 'gauge'],
      ['nodejs_eventloop_lag_seconds', 'gauge'],
      ['process_resident_memory_bytes', 'gauge'],
      ['nodejs_heap_size_used_bytes', 'gauge'],
    ]) {
      expect(text).toContain(`\n# TYPE ${family} ${type}\n`);
    }
    for (const pool of ['pg', 'orm']) {
      const states = samples.filter((s) => s.name === 'db_pool_connections' && s.labels.pool === pool);
      expect(states.map((s) => s.labels.state).sort()).toEqual(['idle', 'in_use', 'waiting']);
    }
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    for (const lane of ['account', 'bulk']) {
      expect(sampleValue(samples, 'mail_outbox_depth', { lane })).toBeGreaterThanOrEqual(0);
    }
  });

  it("counts requests by the contract's route name, never by their path", async () => {
    const { client, id: authorId } = await loggedInAuthor(server);
    const poem = await writePoem(client);
    const poemRead = { route: 'poem.get', method: 'GET' };
    const notFound = { route: 'none', method: 'GET', status_class: '4xx' };
    const before = (await scrape()).samples;

    await server.client().poem.get({ params: { poemId: poem.id } });
    expect((await send(`${server.url}/api/poem/${poem.id}/unknown`, 'GET')).status).toBe(404);

    const { text, samples } = await scrape();
    const increase = (name: string, labels: Labels) =>
      valueOrZero(samples, name, labels) - valueOrZero(before, name, labels);
    expect(increase('http_requests_total', { ...poemRead, status_class: '2xx' })).toBe(1);
    expect(increase('http_request_duration_seconds_count', poemRead)).toBe(1);
    expect(increase('http_requests_total', notFound)).toBe(1);
    expect(text).not.toContain(poem.id);
    expect(text).not.toContain(authorId);
    const routeNames = new Set<string>(namedRoutes(contract).map(({ name }) => name));
    const routes = samples.filter((s) => s.name === 'http_requests_total').map((s) => s.labels.route);
    expect(routes).toContain('me.poems.update');
    expect(routes.filter((route) => route !== 'none' && !routeNames.has(route as string))).toEqual([]);
  });

  it('counts a queued mail in the outbox depth', async () => {
    const account = { lane: 'account' };
    const before = valueOrZero((await scrape()).samples, 'mail_outbox_depth', account);
    await signUp(server.client()); // queues the address's verification mail
    const { samples } = await scrape();
    expect(valueOrZero(samples, 'mail_outbox_depth', account)).toBe(before + 1);
    expect(sampleValue(samples, 'mail_outbox_oldest_age_seconds', account)).toBeGreaterThan(0);
  });

  it('answers 404 to /metrics on the public port', async () => {
    expect((await send(`${server.url}/metrics`, 'GET')).status).toBe(404);
  });
});

describe('the outbox by lane', () => {
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
  });
  const smtp = useSmtpServer();
  // A mail that fails waits an hour for its next try, so it stays owed.
  const server = useTestServer(() => ({
    METRICS_PORT: String(metricsPort),
    SMTP_URL: smtp.url,
    MAIL_RETRY_BASE_MS: String(3_600_000),
  }));

  it('counts a new poem’s mail in the bulk lane and an account’s mail in the account lane', async () => {
    const poet = await loggedInAuthor(server);
    const reader = await follower(server, smtp, poet);
    await smtp.stop();
    try {
      await writePoem(poet.client);
      await reader.client.auth.forgotPassword({ body: { email: reader.email } });
      await eventually('both mails tried and owed', async () => {
        const { samples } = await scrapeAt(metricsPort);
        return (
          sampleValue(samples, 'mail_outbox_depth', { lane: 'bulk' }) === 1 &&
          sampleValue(samples, 'mail_outbox_depth', { lane: 'account' }) === 1
        );
      });
      const { samples } = await scrapeAt(metricsPort);
      for (const lane of ['account', 'bulk']) {
        expect(sampleValue(samples, 'mail_outbox_oldest_age_seconds', { lane })).toBeGreaterThan(0);
      }
    } finally {
      await smtp.start();
    }
  });
});

describe('password verifications', () => {
  const PER_PAIR = 3;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
  });
  const server = useTestServer(() => ({
    METRICS_PORT: String(metricsPort),
    LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: String(PER_PAIR),
    LOGIN_FAILURE_DELAY_MS: '0',
  }));
  const verifications = async () =>
    valueOrZero((await scrapeAt(metricsPort)).samples, 'password_verifications_total');
  const login = (email: string, password: string) =>
    send(`${server.url}/api/auth/login`, 'POST', { body: { email, password } });

  // Moving the throttle's count after the password check changes no answer, only who pays the CPU.
  it('are not made for a login its throttle refuses', async () => {
    const { email } = await signUp(server.client());
    for (let i = 0; i < PER_PAIR; i += 1) expect((await login(email, 'wrong password')).status).toBe(401);
    const before = await verifications();
    const refused = await Promise.all(Array.from({ length: 10 }, () => login(email, 'wrong password')));
    expect(refused.map((response) => response.status)).toEqual(Array(10).fill(429));
    expect(await verifications()).toBe(before);
    // The count does count: a login let through is checked once.
    await login(`other-${email}`, 'wrong password');
    expect(await verifications()).toBe(before + 1);
  });
});

describe('the metrics listener', () => {
  it('is not there without METRICS_PORT: the public port listens alone', async () => {
    for (const [env, listeners] of [
      [{}, 1],
      [{ METRICS_PORT: String(await freePort()) }, 2],
    ] as const) {
      const before = listeningServers();
      const server = await startTestServer(env);
      try {
        expect(listeningServers() - before).toBe(listeners);
      } finally {
        await server.close();
      }
    }
  });

  it('refuses a METRICS_PORT that is the public PORT', () => {
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: must differ/);
  });
});
