/** Socket errors: nothing listens where PostgreSQL should, or the connection to it broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot serve now, whatever the query: 53300 too_many_connections,
 * 57014 query_canceled (our `statement_timeout`), 57P01 admin_shutdown (a stop ends the
 * sessions), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting or stopping), and class 08,
 * connection exceptions.
 */
const SERVER_STATES = new Set(['53300', '57014', '57P01', '57P02', '57P03']);

/**
 * What pg, pg-pool and knex throw without a code when a connection is lost or cannot be had in
 * time. knex puts the SQL text before the message, so these are searched anywhere in it.
 */
const MESSAGES = [
  'Connection terminated', // pg: "... unexpectedly", "... due to connection timeout"
  'timeout exceeded when trying to connect', // pg-pool: connectionTimeoutMillis
  // pg: the same timeout as the client itself enforces it; it fires first when the connection
  // itself is slow to open (its dns.lookup waited behind sharp on libuv's pool)
  'timeout expired',
  'Query read timeout', // pg: query_timeout
  'Client has encountered a connection error and is not queryable', // pg: a client after its socket failed
  'Timeout acquiring a connection', // knex: the ORM pool's acquireTimeoutMillis
  // knex, for a statement in a transaction whose BEGIN failed (dropping that error): BEGIN fails
  // only on a broken connection (seen when PostgreSQL stopped under the ORM's flush)
  'Transaction query already complete',
];

function saysUnavailable(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_STATES.has(code) || /^08/.test(code))) {
    return true;
  }
  return typeof message === 'string' && MESSAGES.some((text) => message.includes(text));
}

/**
 * Whether `error` means the database cannot be reached or cannot serve now (as opposed to a
 * query that is wrong): then the request fails with 503 and may be retried. Looks through
 * `cause`, and through MikroORM's wrappers, which copy the driver error's code and message.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if (saysUnavailable(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
