import { type BatchedJobRunner, startBatchedJob } from './batched-job.js';

/**
 * Expands the jobs of new poems (`new_poem_fanout`, one a poem, recorded when it is first
 * published) into the mail outbox: a `new_poem` mail for each follower with a verified address
 * who wants `each`, a batch of followers at a time, by any number of instances (batched-job.ts).
 * A batch done twice (a crash before its commit) queues nothing twice, as the outbox's
 * `dedupe_key` is one per poem and reader. A poem no longer published
 * ends its job; a deleted one takes it with it.
 */
export function startNewPoemFanout(runner: BatchedJobRunner) {
  return startBatchedJob({
    ...runner,
    name: 'new poem fan-out',
    jobs: { table: 'new_poem_fanout', key: 'poem_id', order: 'created_at' },
    expand: EXPAND_BATCH,
  });
}

/**
 * The next `$2` followers of the author of poem `$1` after the job's position, their mails
 * queued (those with a verified address and `each`), the position moved past them, and the job
 * done when they were the last, or at once when the poem is no longer published.
 */
const EXPAND_BATCH = `
  WITH job AS (SELECT * FROM new_poem_fanout WHERE poem_id = $1),
  batch AS (
    SELECT f.follower_id, f.created_at
    FROM job JOIN poem p ON p.id = job.poem_id AND p.is_published
    JOIN author_follow f ON f.followee_id = job.author_id
    WHERE job.after_created_at IS NULL
       OR (f.created_at, f.follower_id) > (job.after_created_at, job.after_follower_id)
    ORDER BY f.created_at, f.follower_id
    LIMIT $2
  ),
  queued AS (
    INSERT INTO mail_outbox (id, kind, payload, dedupe_key, bulk)
    SELECT gen_random_uuid(), 'new_poem', jsonb_build_object('poemId', $1::uuid, 'readerId', r.id),
      'new_poem:' || $1 || ':' || r.id, true
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
