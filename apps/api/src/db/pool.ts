import pg from 'pg';
import { PreparingClient } from './prepared-statements.js';

/**
 * The pool beside the ORM's: the read models, relation writes, the session store, the rate
 * limiters and the readiness probe. Its queries run as prepared statements.
 */
export function createPool(databaseUrl: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    Client: PreparingClient,
    connectionString: databaseUrl,
    max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => {});
  return pool;
}
