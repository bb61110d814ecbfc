import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@poetry/test-support/free-ports';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/db/embedded.js';
import { migrate } from '../../src/db/migrate.js';
import { createOrm } from '../../src/db/orm.js';
import { buildCli } from '../cli/run-cli.js';

import { TEMPLATE_DATABASE } from './template-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test run's PostgreSQL server, ending in `/` so a database name can be appended. */
    postgresServerUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run, with a migrated template database; each test file
 * copies the template into a fresh database of its own (`test/support/database.ts`). Meanwhile
 * the `poet` binary is built for the CLI's tests.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'poetry-test-pg-'));
  const [postgres] = await Promise.all([
    startEmbeddedPostgres({ dataDir, port: await freePort() }),
    buildCli(),
  ]);
  const serverUrl = postgres.url.replace(/[^/]+$/, '');

  const admin = await createOrm(postgres.url);
  await admin.em.getConnection().execute(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.close();

  const template = await createOrm(serverUrl + TEMPLATE_DATABASE);
  await migrate(template);
  await template.close();

  project.provide('postgresServerUrl', serverUrl);

  return async () => {
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
