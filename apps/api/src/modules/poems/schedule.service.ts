import { type PoolJobOptions, startPeriodicJob } from '../../periodic-job.js';

const BATCH = 100;

/**
 * Scheduled publishing (`publish_at`). A scheduled poem is an unpublished poem until this job
 * publishes it for real: one UPDATE sets `is_published`, so the author's counters (triggers on
 * `is_published`), the collections' copies of `published_at` (triggers too), the feeds and every
 * list see the same publication as if its author had published it at that time: `published_at`
 * is the scheduled time (or the first publication's, kept), `updated_at` at least that.
 * Visibility computed by each read (`is_published OR publish_at <= now()`) would need no job, but
 * the counters would not follow, and no partial index can hold `now()`.
 *
 * Every API instance runs the job every `PUBLISH_POLL_INTERVAL_MS` (1 s by default), so a poem
 * appears at most that long, plus one run (milliseconds), after its time. Instances claim due
 * poems `FOR UPDATE SKIP LOCKED` and clear `publish_at` in the same statement: each poem is
 * published once, by one instance, and never after its schedule was cancelled (an UPDATE that
 * cleared `publish_at` first leaves nothing due).
 */
export function startScheduledPublishing({ pool, logger, intervalMs }: PoolJobOptions) {
  async function publishDue(stopping: () => boolean) {
    for (;;) {
      const { rows } = await pool.query<{ id: string }>(
        `UPDATE poem SET is_published = true, published_at = coalesce(published_at, publish_at),
           updated_at = greatest(updated_at, publish_at), publish_at = NULL
         WHERE id IN (
           SELECT id FROM poem WHERE publish_at <= now()
           ORDER BY publish_at LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING id`,
        [BATCH],
      );
      for (const row of rows) logger.info({ poemId: row.id }, 'scheduled poem published');
      if (rows.length < BATCH || stopping()) return;
    }
  }

  return startPeriodicJob({ name: 'scheduled publishing', intervalMs, run: publishDue, logger });
}
