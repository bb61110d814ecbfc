import type pg from 'pg';
import type { Logger } from 'pino';
import { inPoolTransaction } from '../db/pool-transaction.js';
import { startPeriodicJob } from '../periodic-job.js';

/**
 * Expands the jobs of new poems (`new_poem_fanout`, one a poem, recorded when it is first
 * published) into the mail outbox: a `new_poem` mail for each follower with a verified address
 * who wants `each`, one batch of followers per transaction. Any number of API instances may run
 * it: a job is claimed `FOR UPDATE SKIP LOCKED` for one batch, so instances share a job's batches
 * and never wait on each other; a batch done twice (a crash before its commit) queues nothing
 * twice, as the outbox's `dedupe_key` is one per poem and reader. A poem no longer published
 * ends its job; a deleted one takes it with it.
 */
export function startNewPoemFanout({
  pool,
  logger,
  intervalMs,
  batch,
}: {
  pool: pg.Pool;
  logger: Logger;
  intervalMs: number;
  /** Followers queued per transaction: the most rows one statement writes, whatever their number. */
  batch: number;
}) {
  /** Queues the next batch of one job; false when no job is due. */
  async function expandOneBatch(): Promise<boolean> {
    return inPoolTransaction(pool, async (client) => {
      const { rows } = await client.query<{ poemId: string; published: boolean }>(
        `SELECT j.poem_id AS "poemId", p.is_published AS published
         FROM new_poem_fanout j JOIN poem p ON p.id = j.poem_id
         WHERE j.done_at IS NULL ORDER BY j.created_at LIMIT 1 FOR UPDATE OF j SKIP LOCKED`,
      );
      const job = rows[0];
      if (job && !job.published) {
        await client.query('UPDATE new_poem_fanout SET done_at = now() WHERE poem_id = $1', [job.poemId]);
      } else if (job) {
        const { rows: outcome } = await client.query<{ queued: number; done: boolean }>(EXPAND_BATCH, [
          job.poemId,
          batch,
        ]);
        logger.debug({ poemId: job.poemId, ...outcome[0] }, 'new poem mail queued');
      }
      return job !== undefined;
    });
  }

  return startPeriodicJob({
    name: 'new poem fan-out',
    intervalMs,
    logger,
    run: async (stopping) => {
      while (!stopping() && (await expandOneBatch()));
    },
  });
}

/**
 * The next `$2` followers of the author of poem `$1` after the job's position, their mails
 * queued (those with a verified address and `each`), the position moved past them, and the job
 * done when they were the last.
 */
const EXPAND_BATCH = `
  WITH job AS (SELECT * FROM new_poem_fanout WHERE poem_id = $1),
  batch AS (
    SELECT f.follower_id, f.created_at
    FROM job JOIN author_follow f ON f.followee_id = job.author_id
    WHERE job.after_created_at IS NULL
       OR (f.created_at, f.follower_id) > (job.after_created_at, job.after_follower_id)
    ORDER BY f.created_at, f.follower_id
    LIMIT $2
  ),
  queued AS (
    INSERT INTO mail_outbox (id, kind, payload, dedupe_key)
    SELECT gen_random_uuid(), 'new_poem', jsonb_build_object('poemId', $1::uuid, 'readerId', r.id),
      'new_poem:' || $1 || ':' || r.id
    FROM batch JOIN author r ON r.id = batch.follower_id
    WHERE r.email_verified_at IS NOT NULL AND r.new_poem_mail = 'each'
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING 1
  ),
  last AS (SELECT * FROM batch ORDER BY created_at DESC, follower_id DESC LIMIT 1)
  UPDATE new_poem_fanout SET
    after_created_at = coalesce((SELECT created_at FROM last), after_created_at),
    after_follower_id = coalesce((SELECT follower_id FROM last), after_follower_id),
    done_at = CASE WHEN (SELECT count(*) FROM batch) < $2 THEN now() END
  WHERE poem_id = $1
  RETURNING (SELECT count(*) FROM queued)::int AS queued, done_at IS NOT NULL AS done`;
