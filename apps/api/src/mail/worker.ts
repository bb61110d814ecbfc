import pMap from 'p-map';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { startPeriodicJob } from '../periodic-job.js';
import type { MailComposer } from './compose.js';
import { pace } from './pace.js';
import { type MailTransport, SMTP_CONNECTIONS } from './transport.js';

const MAX_CLAIMED = 10;
// A claimed mail is someone else's to retry once this has passed (its sender died mid-way).
const LEASE_SECONDS = 120;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

type Job = { id: string; kind: string; payload: unknown; attempts: number };

/**
 * Delivers the mail outbox. Any number of API instances may run one: each claims due rows with
 * `FOR UPDATE SKIP LOCKED` and a lease, sends them, and marks them sent; a failed send is retried
 * with exponential backoff, so mail queued while SMTP is down (or the API restarts) goes out once
 * SMTP is back, and a mail marked sent is never sent again. Each instance sends at most
 * `sendRate` mails a second, `SMTP_CONNECTIONS` at once (a mail's round trips are mostly waiting).
 * Bulk mail (new poems, digests) goes after all other due mail, so an account's mail never waits
 * behind a fan-out for longer than the mails claimed before it (about a second's worth).
 */
export function startMailWorker({
  pool,
  compose,
  transport,
  logger,
  config,
}: {
  pool: pg.Pool;
  compose: MailComposer;
  transport: MailTransport;
  logger: Logger;
  config: Config['mail'];
}) {
  // About a second of sending at a time, so that mail queued meanwhile waits no longer for its turn.
  const claimed = Math.min(MAX_CLAIMED, Math.ceil(config.sendRate));
  async function claim(): Promise<Job[]> {
    const { rows } = await pool.query<Job>(
      `UPDATE mail_outbox SET attempts = attempts + 1, locked_until = now() + make_interval(secs => $2)
       WHERE id IN (
         SELECT id FROM mail_outbox
         WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
           AND (locked_until IS NULL OR locked_until < now())
         ORDER BY bulk, next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING id, kind, payload, attempts`,
      [claimed, LEASE_SECONDS],
    );
    return rows;
  }

  async function deliver(job: Job) {
    try {
      const mail = await compose(job.kind, job.payload);
      if (mail) await transport.send(mail);
      // The payload names people and addresses: keep it no longer than needed.
      await pool.query(
        `UPDATE mail_outbox SET sent_at = now(), locked_until = NULL, payload = '{}' WHERE id = $1`,
        [job.id],
      );
    } catch (error) {
      const giveUp = job.attempts >= config.maxAttempts;
      const backoffMs = Math.min(config.retryBaseMs * 2 ** (job.attempts - 1), MAX_BACKOFF_MS);
      logger.warn(
        { err: error, mailId: job.id, kind: job.kind, attempts: job.attempts, giveUp },
        'mail not sent',
      );
      await pool.query(
        `UPDATE mail_outbox SET locked_until = NULL, last_error = $2,
           next_attempt_at = now() + make_interval(secs => $3), failed_at = CASE WHEN $4 THEN now() END
         WHERE id = $1`,
        [job.id, String(error).slice(0, 1000), backoffMs / 1000, giveUp],
      );
    }
  }

  const nextSend = pace(config.sendRate);

  // Polls go on while the database is down. A mail whose outcome could not be written keeps its
  // lease and is tried again when the lease ends.
  const polling = startPeriodicJob({
    name: 'mail outbox',
    intervalMs: config.pollIntervalMs,
    logger,
    run: async (stopping) => {
      for (let jobs = await claim(); jobs.length > 0 && !stopping(); jobs = await claim()) {
        await pMap(
          jobs,
          async (job) => {
            await nextSend();
            await deliver(job);
          },
          { concurrency: SMTP_CONNECTIONS },
        );
      }
    },
  });
  return {
    /** Stops polling and waits for the mails being sent. */
    async stop() {
      await polling.stop();
      transport.close();
    },
  };
}
