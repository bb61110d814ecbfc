import type pg from 'pg';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { MikroORM } from '../db/orm.js';
import type { ReplicaReads } from '../db/replica-reads.js';
import { mailOutboxMetrics } from './mail-outbox-metrics.js';
import { type MetricsAddress, startMetricsServer } from './metrics-server.js';
import { pageCacheAnswers } from './page-cache-answers.js';
import { passwordVerifications } from './password-verifications.js';
import { poolMetrics } from './pool-metrics.js';
import { readReplicaMetrics } from './read-replica-metrics.js';
import { requestMetrics } from './request-metrics.js';

/**
 * The service's metrics: prom-client's defaults (process memory and CPU, event-loop lag, heap,
 * GC), the HTTP requests (`requestMetrics`, for the app to mount first), the database pools,
 * the read replica (with one), the mail outbox, the password checks and the page cache. `listen`
 * serves them at `address`.
 */
export function createServiceMetrics(
  address: MetricsAddress,
  { pool, orm, replica }: { pool: pg.Pool; orm: MikroORM; replica?: ReplicaReads },
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  poolMetrics(registry, { pool, orm, replicaPool: replica?.pool });
  if (replica) readReplicaMetrics(registry, replica);
  mailOutboxMetrics(registry, pool);
  registry.registerMetric(passwordVerifications);
  registry.registerMetric(pageCacheAnswers);
  return {
    requestMetrics: requestMetrics(registry),
    listen: () => startMetricsServer(registry, address),
  };
}
