import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { createDatabase, startEmbeddedPostgres } from '../../src/db/embedded.js';
import { freePort } from '../support/free-port.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

it('initialises a cluster once, reuses it on the next start and stops idempotently', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'poetry-embedded-test-'));
  dirs.push(dataDir);
  const port = await freePort();

  const first = await startEmbeddedPostgres({ dataDir, port });
  try {
    expect(first.url).toBe(`postgres://postgres:postgres@127.0.0.1:${port}/poetry`);
    await query(first.url, 'create table kept (x int); insert into kept values (42)');
    const [db] = await query<{ encoding: string; lower: string }>(
      first.url,
      `select pg_encoding_to_char(encoding) as encoding, lower('ÉTÉ') as lower
         from pg_database where datname = current_database()`,
    );
    expect(db).toEqual({ encoding: 'UTF8', lower: 'été' });

    const serverUrl = first.url.replace(/poetry$/, '');
    expect(await createDatabase(`${serverUrl}postgres`, 'copy', 'poetry')).toBe(true);
    expect(await createDatabase(`${serverUrl}postgres`, 'copy', 'poetry')).toBe(false);
    expect(await query(`${serverUrl}copy`, 'select x from kept')).toEqual([{ x: 42 }]);
  } finally {
    await first.stop();
    await first.stop();
  }

  const second = await startEmbeddedPostgres({ dataDir, port });
  try {
    expect(await query(second.url, 'select x from kept')).toEqual([{ x: 42 }]);
  } finally {
    await Promise.all([second.stop(), second.stop()]);
  }
});
