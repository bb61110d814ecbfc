import { type RequestHandler, Router } from 'express';
import type pg from 'pg';
import { onPaths } from './in-sequence.js';

const READINESS_TIMEOUT_MS = 2_000;

/** `/healthz`: the process answers. `/readyz`: and it can reach the database. */
export function healthRoutes(pool: pg.Pool): RequestHandler {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    try {
      await Promise.race([
        pool.query('SELECT 1'),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('timeout')), READINESS_TIMEOUT_MS).unref(),
        ),
      ]);
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ status: 'unavailable' });
    }
  });
  return onPaths((path) => path === '/healthz' || path === '/readyz', router);
}
