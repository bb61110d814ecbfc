import { inPoolTransaction } from '../db/pool-transaction.js';
import { type PoolJobOptions, startPeriodicJob } from '../periodic-job.js';

/** What runs a batched job: the pool, the log, how often to look for work, and the batch size. */
export type BatchedJobRunner = PoolJobOptions & {
  /** Rows queued per transaction: the most one statement writes, whatever their number. */
  batch: number;
};

/**
 * Jobs too large for one transaction (a mail for each of 100,000 readers), expanded by any number
 * of instances in batches. The jobs are the rows of `jobs.table` whose `done_at` is null. Every
 * `intervalMs`, `prepare` runs once; then, again and again until no job is left, one transaction
 * claims the first job by `jobs.order` (locked `FOR UPDATE SKIP LOCKED`, so instances share a
 * job's batches and never wait on each other) and runs `expand` with its `jobs.key` and `batch`:
 * it queues the next batch, moves the job's position past it and sets `done_at` after its last.
 */
export function startBatchedJob({
  name,
  pool,
  logger,
  intervalMs,
  batch,
  prepare,
  jobs,
  expand,
}: BatchedJobRunner & {
  name: string;
  prepare?: () => Promise<void>;
  /** The jobs' table, its key column and the column that orders them (SQL names, from code). */
  jobs: { table: string; key: string; order: string };
  /** SQL taking the job's key (`$1`) and the batch size (`$2`). */
  expand: string;
}) {
  const claim = `SELECT ${jobs.key} AS key FROM ${jobs.table} WHERE done_at IS NULL
                 ORDER BY ${jobs.order} LIMIT 1 FOR UPDATE SKIP LOCKED`;
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
