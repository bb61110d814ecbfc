import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { freePort } from '@poetry/test-support/free-ports';
import { recordedMigrations } from '@poetry/test-support/recorded-migrations';
import { expect, inject, it } from 'vitest';
import { createDatabase } from '../../src/db/embedded.js';
import { migrationsList } from '../../src/db/migrations/index.js';
import { startEntryPoint } from '../support/entry-point.js';

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
  expect(await recordedMigrations(serverUrl + name)).toEqual(
    migrationsList.map((migration) => migration.name),
  );
});
