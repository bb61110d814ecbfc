import pg from 'pg';

/**
 * A small pool beside the ORM's, for the parts that speak SQL through libraries of their own:
 * the session store, the rate limiters and the readiness probe.
 */
export function createPool(databaseUrl: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => {});
  return pool;
}
