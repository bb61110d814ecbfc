import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPool } from '../../src/db/pool.js';
import { inPoolTransaction } from '../../src/db/pool-transaction.js';
import { createTestDatabase } from '../support/database.js';

let databaseUrl: string;
let pool: ReturnType<typeof createPool>;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  pool = createPool(databaseUrl, 2);
});
afterAll(() => pool?.end());

it('commits what the work did, and rolls it back when the work throws', async () => {
  await pool.query('CREATE TABLE kept (n int)');
  await inPoolTransaction(pool, (client) => client.query('INSERT INTO kept VALUES (1)'));
  await expect(
    inPoolTransaction(pool, async (client) => {
      await client.query('INSERT INTO kept VALUES (2)');
      throw new Error('changed its mind');
    }),
  ).rejects.toThrow('changed its mind');
  expect((await pool.query('SELECT n FROM kept')).rows).toEqual([{ n: 1 }]);
});

// PostgreSQL stopping ends every session with 57P01 between two statements of a transaction; the
// checked-out client then emits `error`, which crashed the process when nobody listened.
it('fails the transaction, without crashing, when PostgreSQL ends its connection between statements', async () => {
  const ending = inPoolTransaction(pool, async (client) => {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    await pool.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
    await sleep(200); // the termination arrives while no statement of this client runs
    await client.query('SELECT 1');
  });
  await expect(ending).rejects.toThrow();
  expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
});

// The pool hands a client to a waiting transaction while pg parses the previous holder's last
// answer; a termination read in the same chunk is emitted at once, before any `await` resumes.
it('fails the transaction, without crashing, when the termination comes in the read that hands it the client', async () => {
  const single = createPool(databaseUrl, 1);
  const other = createPool(databaseUrl, 1);
  try {
    const { rows } = await single.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    await other.query('SELECT 1'); // connected, so that the next statement is sent at once
    const terminating = other.query('SELECT pg_sleep(0.2), pg_terminate_backend($1)', [rows[0]?.pid]);
    const previous = single.query('SELECT 1');
    const waiting = inPoolTransaction(single, (client) => client.query('SELECT 1'));
    await new Promise((resolve) => process.nextTick(resolve)); // the pool sends `previous`
    // Blocked while the answer to `previous` and then the termination arrive, so that both are read at once.
    const until = performance.now() + 500;
    while (performance.now() < until);
    await previous;
    await expect(waiting).rejects.toThrow();
    await terminating;
    expect((await single.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  } finally {
    await Promise.all([single.end(), other.end()]);
  }
});
