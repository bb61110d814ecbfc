import { type BatchedJobRunner, startBatchedJob } from './batched-job.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The latest digest hour at or before `now`: today's at `hourUtc`, or yesterday's before it. */
function latestDigestHour(now: Date, hourUtc: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc);
  return new Date(today <= now.getTime() ? today : today - DAY_MS);
}

/**
 * Queues the daily digest: once a digest hour has passed, a `new_poem_digest` mail for each
 * reader with a verified address who chose `daily` and follows an author who first published a
 * poem in the day before it. The first instance to see the hour pass records its run
 * (`new_poem_digest`); any instance then expands it, a batch of readers at a time
 * (batched-job.ts), as the new-poem fan-out does. A batch done twice queues
 * nothing twice (`dedupe_key`: one per digest hour and reader). Only the latest digest hour is
 * recorded: one that passed while no instance ran for over a day is skipped.
 */
export function startDailyDigest({ hourUtc, ...runner }: BatchedJobRunner & { hourUtc: number }) {
  const { pool } = runner;
  let recorded: number | undefined;

  async function recordRun() {
    const until = latestDigestHour(new Date(), hourUtc);
    if (until.getTime() === recorded) return;
    await pool.query('INSERT INTO new_poem_digest (until) VALUES ($1) ON CONFLICT (until) DO NOTHING', [
      until,
    ]);
    recorded = until.getTime();
  }

  return startBatchedJob({
    ...runner,
    name: 'daily digest',
    prepare: recordRun,
    jobs: { table: 'new_poem_digest', key: 'until', order: 'until' },
    expand: EXPAND_BATCH,
  });
}

/**
 * The next `$2` readers who chose the digest after the run's position, their digests of the day
 * before `$1` queued (those who follow an author of a poem first published in it), the position
 * moved past them, and the run done when they were the last.
 */
const EXPAND_BATCH = `
  WITH run AS (SELECT * FROM new_poem_digest WHERE until = $1),
  batch AS (
    SELECT r.id
    FROM run, author r
    WHERE r.new_poem_mail = 'daily' AND r.email_verified_at IS NOT NULL
      AND (run.after_reader_id IS NULL OR r.id > run.after_reader_id)
    ORDER BY r.id
    LIMIT $2
  ),
  queued AS (
    INSERT INTO mail_outbox (id, kind, payload, dedupe_key, bulk)
    SELECT gen_random_uuid(), 'new_poem_digest', jsonb_build_object('readerId', b.id, 'until', $1::timestamptz),
      'new_poem_digest:' || to_char($1::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24') || ':' || b.id, true
    FROM batch b
    WHERE EXISTS (
      SELECT 1 FROM author_follow f JOIN poem p ON p.author_id = f.followee_id AND p.is_published
      WHERE f.follower_id = b.id
        AND p.published_at >= $1::timestamptz - interval '1 day' AND p.published_at < $1::timestamptz)
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING 1
  ),
  last AS (SELECT id FROM batch ORDER BY id DESC LIMIT 1)
  UPDATE new_poem_digest SET
    after_reader_id = coalesce((SELECT id FROM last), after_reader_id),
    done_at = CASE WHEN (SELECT count(*) FROM batch) < $2 THEN now() END
  WHERE until = $1
  RETURNING (SELECT count(*) FROM queued)::int AS queued, done_at IS NOT NULL AS done`;
