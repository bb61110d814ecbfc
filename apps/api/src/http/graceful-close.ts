import type { Server, ServerResponse } from 'node:http';
import net from 'node:net';

/**
 * How long idle keep-alive connections stay open once closing begins. A client using one sends
 * its next request within this, and the answer closes the connection (`Connection: close`).
 * Dropping idle connections at once, as http's `server.close()` does, also cut requests already
 * on their way in but not yet read: the reliability suite saw 2 to 4 per SIGTERM under load.
 */
const IDLE_GRACE_MS = 1_000;

/**
 * Lets `server` close without cutting a request short. Call at start-up (it must see every
 * request); `close(graceMs)` then stops taking connections and lets the requests in flight
 * finish: each answer still to be written, including one to a request that arrives meanwhile on
 * an open keep-alive connection, carries `Connection: close`, and connections left idle are
 * closed after IDLE_GRACE_MS. Resolves true once the last connection has closed, or false after
 * `graceMs`, when those still open are cut.
 */
export function gracefulClose(server: Server) {
  const unanswered = new Set<ServerResponse>();
  let closing = false;
  let idleGraceOver = false;

  const closeConnectionAfterwards = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };

  // First in line, so that the header is set before any handler can answer.
  server.prependListener('request', (_req, res) => {
    if (closing) return closeConnectionAfterwards(res);
    unanswered.add(res);
    res.once('close', () => unanswered.delete(res));
  });

  return {
    close(graceMs: number): Promise<boolean> {
      closing = true;
      for (const res of unanswered) {
        closeConnectionAfterwards(res);
        // An answer whose headers went out before leaves its connection open and idle after it.
        res.once('close', () => {
          if (idleGraceOver) setImmediate(() => server.closeIdleConnections());
        });
      }
      return new Promise((resolve) => {
        const idleGrace = setTimeout(() => {
          idleGraceOver = true;
          server.closeIdleConnections();
        }, IDLE_GRACE_MS);
        const cut = setTimeout(() => {
          server.closeAllConnections();
          resolve(false);
        }, graceMs);
        // net's close: stops listening, and leaves the open connections to the above.
        net.Server.prototype.close.call(server, () => {
          clearTimeout(idleGrace);
          clearTimeout(cut);
          resolve(true);
        });
      });
    },
  };
}
