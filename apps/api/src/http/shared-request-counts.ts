import type pg from 'pg';
import { RATE_LIMIT_TABLE } from './rate-limiter.js';

const KEY_PREFIX = 'general';
/** IPv6 with a zone is at most ~60 characters; anything longer is not an address (see `hit`). */
const MAX_IP_LENGTH = 64;

type Count = {
  /** The total of every instance for this window, as of this instance's last sync. */
  shared: number;
  /** Counted here and on their way into `shared` with the sync running now. */
  syncing: number;
  /** Counted here since. */
  pending: number;
};

const used = (count: Count) => count.shared + count.syncing + count.pending;

export type Hit = { used: number; msBeforeReset: number };

/*
 * Adds this instance's increments to the shared rows and returns their totals, in one statement,
 * deleting the rows of past windows on the way. Rows live in `rate_limit` (keys
 * `general:<window start ms>:<ip>`, `expire` = the window's end in ms), whose expire index serves
 * the delete. Rows are upserted in key order, so two instances syncing at once lock them in the
 * same order and cannot deadlock.
 */
const SYNC_SQL = `
  WITH expired AS (
    DELETE FROM "${RATE_LIMIT_TABLE}" WHERE expire <= $3::bigint AND key LIKE '${KEY_PREFIX}:%'
  )
  INSERT INTO "${RATE_LIMIT_TABLE}" AS counted (key, points, expire)
  SELECT key, points, $4::bigint FROM unnest($1::text[], $2::int[]) AS t(key, points) ORDER BY key
  ON CONFLICT (key) DO UPDATE SET points = counted.points + excluded.points
  RETURNING key, points`;

/**
 * Requests per IP in fixed windows, counted in memory so that judging a request costs no query,
 * and shared through PostgreSQL by `sync()` (one statement per interval) so the counts hold
 * across instances. A request is judged on the shared total of the last sync plus what this
 * instance has counted since, so another instance's requests are seen at most one sync interval
 * late. When a sync fails (database down) the counts stay local and are added at the next one
 * that succeeds.
 */
export function createSharedRequestCounts(pool: pg.Pool, windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  let windowStart = 0;
  let counts = new Map<string, Count>();

  return {
    /** Counts one request from `ip` and says how many it has made in this window. */
    hit(ip: string, now = Date.now()): Hit {
      const start = now - (now % windowMs);
      if (start !== windowStart) {
        windowStart = start;
        counts = new Map();
      }
      // With `trust proxy` on, the address comes from X-Forwarded-For and can be any text.
      const key = ip.length > MAX_IP_LENGTH ? ip.slice(0, MAX_IP_LENGTH) : ip;
      let count = counts.get(key);
      if (!count) {
        count = { shared: 0, syncing: 0, pending: 0 };
        counts.set(key, count);
      }
      count.pending += 1;
      return { used: used(count), msBeforeReset: start + windowMs - now };
    },

    /**
     * Adds the counts made here since the last sync to the shared ones and learns their totals,
     * for every IP this instance has seen in the window (those with nothing new too, to learn
     * what other instances counted). Throws when the database does; nothing is lost then.
     */
    async sync(now = Date.now()) {
      if (counts.size === 0 || now - windowStart >= windowMs) return;
      const synced = counts;
      const rowPrefix = `${KEY_PREFIX}:${windowStart}:`;
      const ips = [...synced.keys()];
      const increments = ips.map((ip) => {
        const count = synced.get(ip) as Count;
        count.syncing = count.pending;
        count.pending = 0;
        return count.syncing;
      });
      try {
        const { rows } = await pool.query<{ key: string; points: number }>(SYNC_SQL, [
          ips.map((ip) => rowPrefix + ip),
          increments,
          now,
          windowStart + windowMs,
        ]);
        if (synced !== counts) return; // a new window began meanwhile: these totals are over
        for (const row of rows) {
          const count = synced.get(row.key.slice(rowPrefix.length));
          if (count) count.shared = row.points;
        }
        for (const count of synced.values()) count.syncing = 0;
      } catch (error) {
        for (const count of synced.values()) {
          count.pending += count.syncing;
          count.syncing = 0;
        }
        throw error;
      }
    },
  };
}

export type SharedRequestCounts = ReturnType<typeof createSharedRequestCounts>;
