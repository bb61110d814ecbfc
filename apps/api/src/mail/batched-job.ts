import type pg from 'pg';
import type { Logger } from 'pino';
import { inPoolTransaction } from '../db/pool-transaction.js';
import { startPeriodicJob } from '../periodic-job.js';

/**
 * Jobs too large for one transaction (a mail for each of 100,000 readers), expanded by any number
 * of instances in batches. Every `intervalMs`, `prepare` runs once; then, again and again until no
 * job is left, one transaction runs `claim` (the key of the next job not done, locked
 * `FOR UPDATE SKIP LOCKED`, so instances share a job's batches and never wait on each other) and
 * `expand` with that key and `batch`: it queues the next batch, moves the job's position past it
 * and marks the job done after its last.
 */
/** What runs a batched job: the pool, the log, how often to look for work, and the batch size. */
export type BatchedJobRunner = {
  pool: pg.Pool;
  logger: Logger;
  intervalMs: number;
  /** Rows queued per transaction: the most one statement writes, whatever their number. */
  batch: number;
};

export function startBatchedJob({
  name,
  pool,
  logger,
  intervalMs,
  batch,
  prepare,
  claim,
  expand,
}: BatchedJobRunner & {
  name: string;
  prepare?: () => Promise<void>;
  /** SQL selecting `key`, of one due job at most, locked `FOR UPDATE SKIP LOCKED`. */
  claim: string;
  /** SQL taking the job's key (`$1`) and the batch size (`$2`). */
  expand: string;
}) {
  const expandNextBatch = () =>
    inPoolTransaction(pool, async (client) => {
      const { rows } = await client.query<{ key: unknown }>(claim);
      const job = rows[0];
      if (!job) return false;
      const { rows: outcome } = await client.query(expand, [job.key, batch]);
      logger.debug({ job: job.key, ...outcome[0] }, `${name}: a batch queued`);
      return true;
    });
  return startPeriodicJob({
    name,
    intervalMs,
    logger,
    run: async (stopping) => {
      await prepare?.();
      while (!stopping() && (await expandNextBatch()));
    },
  });
}
