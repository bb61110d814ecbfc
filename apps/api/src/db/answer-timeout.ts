import type net from 'node:net';
import type pg from 'pg';

/**
 * Ends the connection of `client` once PostgreSQL has sent it nothing for `ms` while one of its
 * statements waits for an answer: the statement fails with "Connection terminated unexpectedly"
 * (503 `unavailable`, `db/unavailable.ts`) and the pool drops the client, as when PostgreSQL
 * stops. A statement that takes long ends sooner, by `statement_timeout`, with an answer.
 *
 * It does what pg's `query_timeout` does, with the socket's one idle timer, which every byte
 * re-arms, instead of a new timer per statement. pg's timer holds its statement (the rows, the
 * callback, the request that awaits it) from Node's long-lived timer list, and V8 then promoted
 * them out of the young generation. An author's first page of 20 poems (`pnpm bench` scenario 2,
 * on its data), alternating fresh processes three times: 442–496 µs of CPU per answer with pg's
 * timer, 345–358 with this.
 */
export function endConnectionWhenUnanswered(client: pg.Client, ms: number): void {
  // pg's connection keeps the socket it talks over as `stream` (the TLS one, once upgraded).
  const socket = client.connection.stream as net.Socket;
  socket.setTimeout(ms);
  socket.on('timeout', () => {
    if (awaitsAnswer(client)) socket.destroy();
  });
}

/** pg sets `readyForQuery` to false as it sends a statement, and to true once PostgreSQL is done with it. */
const awaitsAnswer = (client: pg.Client) =>
  (client as pg.Client & { readyForQuery?: boolean }).readyForQuery === false;
