import { type PoolJobOptions, startPeriodicJob } from '../periodic-job.js';

/** How long a sent mail's row is kept: its `dedupe_key` answers "was this reader mailed this poem?" meanwhile. */
const SENT_MAIL_KEPT_DAYS = 7;
/** Rows deleted per statement, so that no sweep holds locks or writes WAL in one huge transaction. */
const SWEEP_BATCH = 10_000;

/**
 * What the sweep deletes, each at `$1` (now, from the app's clock, so tests can move it): tokens
 * past their expiry (used or not: a link past its time does nothing either way), and mail sent
 * more than SENT_MAIL_KEPT_DAYS ago (its payload was emptied when it was sent). Mail given up on
 * is kept, for a person to look at.
 */
const SWEEPS = [
  `DELETE FROM auth_token WHERE id IN (
     SELECT id FROM auth_token WHERE expires_at < $1 LIMIT ${SWEEP_BATCH})`,
  `DELETE FROM mail_outbox WHERE id IN (
     SELECT id FROM mail_outbox
     WHERE sent_at < $1::timestamptz - interval '${SENT_MAIL_KEPT_DAYS} days' LIMIT ${SWEEP_BATCH})`,
];

/**
 * Deletes what the service no longer needs (SWEEPS), every `intervalMs`, in batches. Every
 * instance runs it; two at once only delete different rows or none. Without it, each new poem
 * would leave a token and an outbox row for every follower, for good.
 */
export function startRetentionSweep({ pool, logger, intervalMs }: PoolJobOptions) {
  return startPeriodicJob({
    name: 'retention sweep',
    intervalMs,
    logger,
    run: async (stopping) => {
      for (const sweep of SWEEPS) {
        let deleted = SWEEP_BATCH;
        while (deleted === SWEEP_BATCH && !stopping()) {
          deleted = (await pool.query(sweep, [new Date()])).rowCount ?? 0;
        }
      }
    },
  });
}
