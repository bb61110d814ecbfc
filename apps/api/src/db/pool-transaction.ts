import type pg from 'pg';

/**
 * Runs `work` in a transaction on one client of `pool`, committed if it resolves, rolled back if
 * it throws. Every checkout of the pool goes through here, for one reason: a checked-out client
 * has no listener for its `error` event (the pool listens only while a client is idle), and
 * PostgreSQL ending the connection (a stop, 57P01) while no statement of it runs emits one, which
 * with no listener crashes the process. Here it is heard, the transaction fails, and the broken
 * client leaves the pool instead of returning to it.
 */
export async function inPoolTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const { client, release } = await checkOut(pool);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    release();
  }
}

/**
 * A client of `pool` with a listener on its `error` event from the moment it is handed over. Not
 * `await pool.connect()`: the pool hands a client over while pg parses the previous holder's last
 * answer, and the termination that follows it in the same read is emitted before an awaiting
 * caller could listen.
 */
function checkOut(pool: pg.Pool): Promise<{ client: pg.PoolClient; release: () => void }> {
  return new Promise((resolve, reject) => {
    pool.connect((error, client) => {
      if (error || !client) return reject(error);
      let broken: Error | undefined;
      const onError = (cause: Error) => {
        broken = cause;
      };
      client.on('error', onError);
      resolve({
        client,
        /** Back to the pool, or out of it (ended) if its connection broke. */
        release() {
          client.off('error', onError);
          client.release(broken);
        },
      });
    });
  });
}
