/**
 * An error can come after the answer has gone out in full: express-session renews or saves the
 * session once the answer ends, and reports a failed write then (the database down, as in the
 * reliability suite's outage check). The answer stands, and the connection must stay open:
 * a client reusing it for its next request would otherwise see that request reset.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { capturedLog } from '../support/captured-log.js';
import { useTestServer } from '../support/server.js';

const log = capturedLog();
const server = useTestServer({ LOG_LEVEL: 'warn' }, { logTo: log.logTo });
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

type Answer = { status: number; reusedSocket: boolean; requestId: string };

function get(path: string, cookie: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${server.url}${path}`, { agent, headers: { cookie } }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode as number,
          reusedSocket: req.reusedSocket,
          requestId: res.headers['x-request-id'] as string,
        }),
      );
    });
    req.on('error', reject);
  });
}

/** A new author's session cookie: a session the store has not renewed yet. */
async function newSession(): Promise<string> {
  const client = server.client();
  await signUp(client);
  return client.session.header(server.url);
}

beforeAll(async () => {
  // Renewing a session's expiry is an UPDATE of its row: from now on it fails.
  await server.pool.query(`
    CREATE FUNCTION refuse_session_renewal() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'the session store is not writable'; END $$;
    CREATE TRIGGER refuse_session_renewal BEFORE UPDATE ON session
      FOR EACH ROW EXECUTE FUNCTION refuse_session_renewal();
  `);
});
afterAll(() => agent.destroy());

describe('an error reported after the answer', () => {
  it.each([
    ['an answer of the error handler', `/api/poem/${randomUUID()}`, 404],
    ['an answer of a route', '/api/me', 200],
  ])('leaves the connection open after %s', async (_, path, status) => {
    const cookie = await newSession();
    // The first request renews the session once the answer has ended, and that fails.
    const first = await get(path, cookie);
    expect(first.status).toBe(status);
    // Once the server has dealt with that failure (Express's own handler cut the connection then):
    await log.logged(`"reqId":"${first.requestId}"`, 'error after the answer was sent');
    expect(await get(path, cookie)).toMatchObject({ status, reusedSocket: true });
  });
});
