import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

import { TEMPLATE_DATABASE } from './template-database.js';

/** A fresh, migrated database for one test file, copied from the run's template. */
export async function createTestDatabase(): Promise<string> {
  const serverUrl = inject('postgresServerUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: `${serverUrl}postgres` });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  } finally {
    await client.end();
  }
  return serverUrl + name;
}
