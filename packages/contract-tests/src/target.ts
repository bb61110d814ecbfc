import type { TestProject } from 'vitest/node';
import { startApiServer } from './api-server.js';
import type { TargetInfo } from './target-info.js';

/**
 * vitest global setup: the server under test is `CONTRACT_BASE_URL` when set (with
 * `CONTRACT_DATABASE_URL` and `CONTRACT_OUTBOX_DIR` for the checks that need them), else the
 * production build of the API, started here on its embedded PostgreSQL.
 */
export default async function setup(project: TestProject) {
  const baseUrl = process.env.CONTRACT_BASE_URL;
  if (baseUrl) {
    const info: TargetInfo = {
      baseUrl: baseUrl.replace(/\/+$/, ''),
      databaseUrl: process.env.CONTRACT_DATABASE_URL ?? null,
      outboxDir: process.env.CONTRACT_OUTBOX_DIR ?? null,
    };
    project.provide('target', info);
    return;
  }
  const server = await startApiServer();
  project.provide('target', server.info);
  return () => server.stop();
}
