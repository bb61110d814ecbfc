import pg from 'pg';
import { endConnectionWhenUnanswered } from './answer-timeout.js';
import { PreparingClient } from './prepared-statements.js';
import { DATABASE_TIMEOUTS } from './timeouts.js';

/**
 * The pool beside the ORM's: every read, the atomic writes (relations, counters, tokens, queues),
 * the session store, the rate limiters and the readiness probe (the data rule:
 * apps/api/README.md). Its queries run as prepared statements.
 *
 * A client whose connection breaks (PostgreSQL stopped or restarted) errors and leaves the pool,
 * so once the database is back new queries get new connections and the process recovers by itself.
 * A client taken out of it for a transaction goes through `inPoolTransaction` (pool-transaction.ts).
 */
export function createPool(databaseUrl: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    Client: PreparingClient,
    connectionString: databaseUrl,
    max,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
    statement_timeout: DATABASE_TIMEOUTS.statementMs,
    idleTimeoutMillis: 30_000,
  });
  pool.on('connect', (client) => endConnectionWhenUnanswered(client, DATABASE_TIMEOUTS.answerMs));
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => {});
  return pool;
}
