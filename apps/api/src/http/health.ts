import { type RequestHandler, Router } from 'express';
import type pg from 'pg';
import type { ReplicaReads } from '../db/replica-reads.js';
import { onPaths } from './in-sequence.js';

const READINESS_TIMEOUT_MS = 2_000;

/** The read replica as `/readyz` shows it: where anonymous reads go, and its lag (null when unknown). */
function readReplica(replica: ReplicaReads) {
  const { state, lagSeconds } = replica.health();
  return { read_replica: { state, lag_seconds: lagSeconds } };
}

/**
 * `/healthz`: the process answers. `/readyz`: and it can reach the primary database; with a read
 * replica, its state too, which never makes the instance unready (reads then go to the primary).
 */
export function healthRoutes(pool: pg.Pool, replica?: ReplicaReads): RequestHandler {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const replicaPart = replica && readReplica(replica);
    try {
      await Promise.race([
        pool.query('SELECT 1'),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('timeout')), READINESS_TIMEOUT_MS).unref(),
        ),
      ]);
      res.json({ status: 'ready', ...replicaPart });
    } catch {
      res.status(503).json({ status: 'unavailable', ...replicaPart });
    }
  });
  return onPaths((path) => path === '/healthz' || path === '/readyz', router);
}
