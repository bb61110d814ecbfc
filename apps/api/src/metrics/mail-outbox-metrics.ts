import type pg from 'pg';
import { Gauge, type Registry } from 'prom-client';

/** A scrape waits no longer than this for the outbox; past it both gauges read NaN (unknown). */
const OUTBOX_READ_TIMEOUT_MS = 1_000;

/** The outbox's two lanes: `account` (verification, reset, notices) goes before `bulk` (new poems, digests). */
const LANES = ['account', 'bulk'] as const;
type Lane = (typeof LANES)[number];
type LaneState = { depth: number; oldestAgeSeconds: number };
type OutboxState = Record<Lane, LaneState>;

/** `run`, but while a call is in flight further calls get its promise instead of running again. */
function shared<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  };
}

/**
 * `mail_outbox_depth` (mails owed: neither sent nor given up) and `mail_outbox_oldest_age_seconds`
 * (how long the oldest of them has waited, 0 when none), each by `lane` (`account`, `bulk`: see
 * LANES), read at each scrape with one query on the partial index of owed mail. A slow query is shared, not repeated: at most one runs per process
 * however often scrapes come. A scrape waits for it at most OUTBOX_READ_TIMEOUT_MS; when it fails
 * or takes longer the gauges read NaN, and the rest of the scrape is unaffected.
 */
export function mailOutboxMetrics(registry: Registry, pool: pg.Pool) {
  const query = shared(() => queryOutbox(pool));
  const read = shared(() => withinTimeout(query()));
  const gauge = (name: string, help: string, pick: (state: LaneState) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['lane'],
      registers: [registry],
      async collect() {
        const state = await read();
        for (const lane of LANES) this.set({ lane }, state ? pick(state[lane]) : Number.NaN);
      },
    });
  gauge(
    'mail_outbox_depth',
    'Mails owed: queued and neither sent nor given up; lane "account" goes before "bulk" (new poems, digests)',
    (state) => state.depth,
  );
  gauge(
    'mail_outbox_oldest_age_seconds',
    'How long the oldest mail owed has waited since it was queued; 0 when none is owed',
    (state) => state.oldestAgeSeconds,
  );
}

async function queryOutbox(pool: pg.Pool): Promise<OutboxState | undefined> {
  try {
    const { rows } = await pool.query<LaneState & { bulk: boolean }>(
      `SELECT bulk, count(*)::int AS depth,
         extract(epoch FROM now() - min(created_at))::float8 AS "oldestAgeSeconds"
       FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL GROUP BY bulk`,
    );
    const lane = (bulk: boolean) =>
      rows.find((row) => row.bulk === bulk) ?? { depth: 0, oldestAgeSeconds: 0 };
    return { account: lane(false), bulk: lane(true) };
  } catch {
    return undefined;
  }
}

async function withinTimeout<T>(promise: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), OUTBOX_READ_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
