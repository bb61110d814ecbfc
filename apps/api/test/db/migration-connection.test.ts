import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { freePort } from '@poetry/test-support/free-ports';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { createDatabase } from '../../src/db/embedded.js';
import { migrationsList } from '../../src/db/migrations/index.js';
import { startEntryPoint } from '../support/entry-point.js';

/** The migrations applied to the database at `url`, in order. */
async function appliedMigrations(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      'SELECT name FROM mikro_orm_migrations ORDER BY id',
    );
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

it('migrates over DATABASE_MIGRATION_URL, where DATABASE_URL does not reach', {
  timeout: 60_000,
}, async () => {
  const serverUrl = inject('postgresServerUrl');
  const name = `migrations_${randomBytes(6).toString('hex')}`;
  await createDatabase(`${serverUrl}postgres`, name);
  // Its PORT taken, the start ends once it has migrated and tries to listen.
  const taken = net.createServer().listen(0, '0.0.0.0');
  await new Promise((resolve) => taken.once('listening', resolve));
  try {
    const { code, stderr } = await startEntryPoint({
      DATABASE_URL: `postgres://127.0.0.1:${await freePort()}/poetry`,
      DATABASE_MIGRATION_URL: serverUrl + name,
      PORT: String((taken.address() as net.AddressInfo).port),
    });
    expect(code, stderr).toBe(1);
    expect(stderr).toMatch(/^PORT \d+ is in use/m);
  } finally {
    taken.close();
  }
  expect(await appliedMigrations(serverUrl + name)).toEqual(
    migrationsList.map((migration) => migration.name),
  );
});
