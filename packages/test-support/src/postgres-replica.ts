import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFile, chmod, chown, cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { eventually } from './eventually.js';
import { freePort } from './free-ports.js';

export type PostgresReplica = {
  /** The primary's url with the standby's port: same credentials, same database. */
  url: string;
  /** Every line the standby has logged since this handle was made. */
  logLines(): string[];
  /** Fast shutdown (SIGINT): its sessions are ended. */
  stop(): Promise<void>;
  /** Starts it again on the same data and port; settles once it takes read-only connections. */
  start(): Promise<void>;
  /** Stops applying the WAL it receives (`pg_wal_replay_pause`): it lags from now on. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Settles once it has replayed everything the primary had written when called. */
  waitUntilCaughtUp(): Promise<void>;
};

/**
 * Files and folders a base backup leaves out (PostgreSQL's "Making a Base Backup Using the Low
 * Level API"): the server's own run files, and the contents of folders that are per server or
 * rebuilt at start. The WAL comes from the primary, streamed through the replication slot.
 */
const LEFT_OUT_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map']);
const EMPTIED_FOLDERS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);

/** How long a start may take: replaying the WAL written since the backup began. */
const START_TIMEOUT_MS = 60_000;

/**
 * A streaming standby of a running primary (an embedded PostgreSQL: its url, data folder and
 * port), made in `dataDir` with PostgreSQL's low-level base backup (the embedded binaries have no
 * `pg_basebackup`) and started on a free port of 127.0.0.1. It runs the primary's own `postgres`
 * program (from its `postmaster.opts`) as the owner of the primary's data folder, streams through
 * a physical replication slot of its own, and settles once it answers read-only queries.
 */
export async function startPostgresReplica({
  primaryUrl,
  primaryDataDir,
  dataDir,
}: {
  primaryUrl: string;
  primaryDataDir: string;
  /** A folder that does not exist yet; its parent must be reachable by the primary's owner. */
  dataDir: string;
}): Promise<PostgresReplica> {
  const program = await primaryProgram(primaryDataDir);
  const owner = await stat(primaryDataDir);
  const slot = `replica_${randomUUID().replaceAll('-', '')}`;
  await baseBackup({ primaryUrl, primaryDataDir, dataDir, slot });

  const primary = new URL(primaryUrl);
  const conninfo = [
    `host=${primary.hostname}`,
    `port=${primary.port}`,
    `user=${decodeURIComponent(primary.username)}`,
    `password=${decodeURIComponent(primary.password)}`,
    'application_name=replica',
  ].join(' ');
  await writeFile(path.join(dataDir, 'standby.signal'), '');
  await appendFile(
    path.join(dataDir, 'postgresql.auto.conf'),
    `primary_conninfo = '${conninfo}'\nprimary_slot_name = '${slot}'\n` +
      // the primary keeps the rows its reads still need: no read is cancelled by a conflict
      'hot_standby_feedback = on\n',
  );
  if (process.getuid?.() === 0) await chownTree(dataDir, owner.uid, owner.gid);
  await chmod(dataDir, 0o700);

  const port = await freePort();
  const url = new URL(primaryUrl);
  url.port = String(port);
  const lines: string[] = [];
  let server: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const query = async <T extends pg.QueryResultRow>(target: string, sql: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: target });
    client.on('error', () => {});
    await client.connect();
    try {
      return (await client.query<T>(sql)).rows;
    } finally {
      await client.end().catch(() => {});
    }
  };

  const start = async () => {
    const child = spawn(program, ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(process.getuid?.() === 0 ? { uid: owner.uid, gid: owner.gid } : {}),
    });
    server = child;
    exited = new Promise((resolve) => child.once('exit', () => resolve()));
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8').on('data', (chunk: string) => {
        lines.push(...chunk.split('\n').filter((line) => line.trim()));
      });
    }
    await eventually(
      'the standby to take read-only connections',
      async () => {
        if (child.exitCode !== null) throw new Error(`the standby exited:\n${lines.slice(-20).join('\n')}`);
        return query<{ recovering: boolean }>(url.href, 'SELECT pg_is_in_recovery() AS recovering').then(
          (rows) => rows[0]?.recovering === true,
          () => false,
        );
      },
      { timeoutMs: START_TIMEOUT_MS, everyMs: 100 },
    );
  };

  const stop = async () => {
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    server.kill('SIGINT');
    await exited;
  };

  process.once('exit', () => server?.kill('SIGINT'));
  await start();

  return {
    url: url.href,
    logLines: () => [...lines],
    stop,
    start,
    pauseReplay: async () => {
      await query(url.href, 'SELECT pg_wal_replay_pause()');
      await eventually('replay to pause', async () => {
        const [row] = await query<{ state: string }>(
          url.href,
          'SELECT pg_get_wal_replay_pause_state() AS state',
        );
        return row?.state === 'paused';
      });
    },
    resumeReplay: async () => {
      await query(url.href, 'SELECT pg_wal_replay_resume()');
    },
    waitUntilCaughtUp: async () => {
      const [written] = await query<{ lsn: string }>(primaryUrl, 'SELECT pg_current_wal_lsn() AS lsn');
      await eventually(
        'the standby to replay what the primary had written',
        async () => {
          const [row] = await query<{ behind: boolean }>(
            url.href,
            `SELECT pg_wal_lsn_diff('${written?.lsn}', pg_last_wal_replay_lsn()) > 0 AS behind`,
          );
          return row?.behind === false;
        },
        { timeoutMs: START_TIMEOUT_MS },
      );
    },
  };
}

/** The `postgres` program the primary runs: the first word of its `postmaster.opts`. */
async function primaryProgram(primaryDataDir: string): Promise<string> {
  const opts = await readFile(path.join(primaryDataDir, 'postmaster.opts'), 'utf8');
  const program = /^"([^"]+)"|^(\S+)/.exec(opts);
  const found = program?.[1] ?? program?.[2];
  if (!found) throw new Error(`no program in ${primaryDataDir}/postmaster.opts: is the primary running?`);
  return found;
}

/**
 * Copies the primary's data folder between `pg_backup_start` and `pg_backup_stop`, in one session
 * as PostgreSQL requires, and writes the backup's label as `backup_label`. The replication slot,
 * made first and reserving WAL at once, keeps every WAL segment the standby will need.
 */
async function baseBackup({
  primaryUrl,
  primaryDataDir,
  dataDir,
  slot,
}: {
  primaryUrl: string;
  primaryDataDir: string;
  dataDir: string;
  slot: string;
}) {
  const session = new pg.Client({ connectionString: primaryUrl });
  await session.connect();
  try {
    await session.query('SELECT pg_create_physical_replication_slot($1, true)', [slot]);
    await session.query('SELECT pg_backup_start($1, true)', [slot]);
    await mkdir(dataDir, { recursive: true });
    await cp(primaryDataDir, dataDir, {
      recursive: true,
      filter: (source) => {
        const relative = path.relative(primaryDataDir, source);
        const [top, ...rest] = relative.split(path.sep);
        if (rest.length === 0) return !LEFT_OUT_FILES.has(top as string);
        return !EMPTIED_FOLDERS.has(top as string) && !relative.includes('pgsql_tmp');
      },
    });
    const { rows } = await session.query<{ labelfile: string }>(
      'SELECT labelfile FROM pg_backup_stop(false)',
    );
    await writeFile(path.join(dataDir, 'backup_label'), rows[0]?.labelfile ?? '');
  } finally {
    await session.end();
  }
}

async function chownTree(folder: string, uid: number, gid: number) {
  await chown(folder, uid, gid);
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    await chown(path.join(entry.parentPath, entry.name), uid, gid);
  }
}
