import type pg from 'pg';
import type { Logger } from 'pino';
import { startPeriodicJob } from '../periodic-job.js';
import { createPool } from './pool.js';
import type { Queryable } from './queryable.js';
import { replicaFailure } from './replica-failure.js';

const CHECK_INTERVAL_MS = 1_000;

/**
 * The replica's lag in seconds, measured on the replica itself: 0 on a server not in recovery
 * (the URL names a primary), and on a standby that streams and has replayed all it received;
 * otherwise the age of the last transaction it replayed, so that a standby cut off from its
 * primary counts as lagging (null while it has replayed none). pg_stat_wal_receiver shows
 * `status` only to roles with pg_read_all_stats; to others a receiver's pid says that it runs.
 */
const LAG = `
  SELECT CASE
    WHEN NOT pg_is_in_recovery() THEN 0
    WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()
      AND EXISTS (SELECT 1 FROM pg_stat_wal_receiver WHERE coalesce(status = 'streaming', pid IS NOT NULL))
      THEN 0
    ELSE extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8
  END AS lag`;

/** `in_use`: anonymous reads go to the replica. `lagging` or `down`: to the primary. */
export type ReplicaState = 'in_use' | 'lagging' | 'down';
export type ReplicaHealth = { state: ReplicaState; lagSeconds: number | null };
export type ServedBy = 'replica' | 'primary';

export type ReplicaReads = Queryable & {
  /** What the last check (or the last read that failed on the replica) said. */
  health(): ReplicaHealth;
  /** The lag the last successful check measured; undefined until one did. */
  lastLagSeconds(): number | undefined;
  /** Reads answered so far, by where. */
  served: Record<ServedBy, number>;
  /** The read pool (for its metrics). */
  pool: pg.Pool;
  /** Stops the checks and ends the read pool. */
  close(): Promise<void>;
};

function whyNotInUse({ state, lagSeconds }: ReplicaHealth, conflict: boolean): string {
  if (conflict) return 'a read was cancelled in conflict with recovery';
  if (state === 'down') return 'down';
  return lagSeconds === null ? 'lagging (no transaction replayed yet)' : `lagging ${lagSeconds.toFixed(1)} s`;
}

/**
 * The anonymous reads over a streaming read replica of `primary`: they go to the replica while its
 * last check (every second, on the replica) found it reachable and at most `maxLagSeconds` behind,
 * and to the primary otherwise. A read the replica fails for a reason of its own (`replicaFailure`)
 * is answered by the primary, and the replica is left until a check finds it fresh again. Resolves
 * once the first check is done, so that the first requests already read where they should.
 */
export async function startReplicaReads({
  url,
  maxLagSeconds,
  poolMax,
  primary,
  logger,
}: {
  url: string;
  maxLagSeconds: number;
  poolMax: number;
  primary: Queryable;
  logger: Logger;
}): Promise<ReplicaReads> {
  const pool = createPool(url, poolMax);
  const served: Record<ServedBy, number> = { replica: 0, primary: 0 };
  let current: ReplicaHealth | undefined;
  let lastLag: number | undefined;

  function enter(next: ReplicaHealth, conflict = false) {
    const before = current?.state;
    current = next;
    if (next.state === 'in_use') {
      if (before !== 'in_use') logger.info('anonymous reads go to the read replica');
    } else if (before === 'in_use' || before === undefined) {
      logger.warn(
        { readReplica: next },
        `anonymous reads leave the read replica for the primary: ${whyNotInUse(next, conflict)}`,
      );
    }
  }

  async function check(): Promise<void> {
    try {
      const { rows } = await pool.query<{ lag: number | null }>(LAG);
      const lag = rows[0]?.lag ?? null;
      if (lag !== null) lastLag = lag;
      enter({ state: lag !== null && lag <= maxLagSeconds ? 'in_use' : 'lagging', lagSeconds: lag });
    } catch {
      enter({ state: 'down', lagSeconds: null });
    }
  }

  async function onPrimary<R extends pg.QueryResultRow>(
    textOrConfig: string | pg.QueryConfig,
    values?: unknown[],
  ) {
    const result = await primary.query<R>(textOrConfig, values);
    served.primary += 1;
    return result;
  }

  await check();
  const checks = startPeriodicJob({
    name: 'read replica check',
    intervalMs: CHECK_INTERVAL_MS,
    run: check,
    logger,
  });

  return {
    async query<R extends pg.QueryResultRow>(textOrConfig: string | pg.QueryConfig, values?: unknown[]) {
      if (current?.state !== 'in_use') return onPrimary<R>(textOrConfig, values);
      try {
        const result = await pool.query<R>(textOrConfig, values);
        served.replica += 1;
        return result;
      } catch (error) {
        const failure = replicaFailure(error);
        if (!failure) throw error;
        if (current?.state === 'in_use') {
          const lagSeconds = failure === 'down' ? null : current.lagSeconds;
          enter({ state: failure === 'down' ? 'down' : 'lagging', lagSeconds }, failure === 'conflict');
        }
        return onPrimary<R>(textOrConfig, values);
      }
    },
    health: () => current as ReplicaHealth,
    lastLagSeconds: () => lastLag,
    served,
    pool,
    async close() {
      await checks.stop();
      await pool.end();
    },
  };
}
