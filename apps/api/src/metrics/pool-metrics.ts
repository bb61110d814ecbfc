import type pg from 'pg';
import { Gauge, type Registry } from 'prom-client';
import type { MikroORM } from '../db/orm.js';

type PoolCounts = { in_use: number; idle: number; waiting: number };

/** The part of tarn's pool (knex's, so the ORM's) read here. */
type TarnPool = { numUsed(): number; numFree(): number; numPendingAcquires(): number };

function pgPoolCounts(pool: pg.Pool): PoolCounts {
  return { in_use: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

function ormPoolCounts(orm: MikroORM): PoolCounts {
  // knex types its client `any`; the pool is gone once the ORM has closed.
  const pool: TarnPool | undefined = orm.em.getKnex().client.pool;
  if (!pool) return { in_use: 0, idle: 0, waiting: 0 };
  return { in_use: pool.numUsed(), idle: pool.numFree(), waiting: pool.numPendingAcquires() };
}

/**
 * `db_pool_connections{pool, state}`, read at each scrape: `pool="pg"` is the pool that serves the
 * reads, atomic writes, sessions and rate limits, `pool="orm"` the ORM's (entity writes),
 * `pool="replica"` the read replica's (anonymous reads; with DATABASE_READ_URL only). A
 * connection being opened counts as in use; `waiting` is the requests queued for a connection.
 */
export function poolMetrics(
  registry: Registry,
  { pool, orm, replicaPool }: { pool: pg.Pool; orm: MikroORM; replicaPool?: pg.Pool },
) {
  const pools = {
    pg: () => pgPoolCounts(pool),
    orm: () => ormPoolCounts(orm),
    ...(replicaPool && { replica: () => pgPoolCounts(replicaPool) }),
  };
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of each PostgreSQL pool by state, and requests waiting for one',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      for (const [name, counts] of Object.entries(pools)) {
        for (const [state, value] of Object.entries(counts())) this.set({ pool: name, state }, value);
      }
    },
  });
}
