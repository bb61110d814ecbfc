import { Counter, Gauge, type GaugeConfiguration, type Registry } from 'prom-client';
import type { ReplicaReads, ServedBy } from '../db/replica-reads.js';

/** A gauge of `measured()`, with no sample while that is undefined (prom-client's would show 0). */
class MeasuredGauge extends Gauge {
  constructor(
    private readonly measured: () => number | undefined,
    configuration: Omit<GaugeConfiguration<string>, 'collect'>,
  ) {
    super({
      ...configuration,
      collect() {
        const value = measured();
        if (value !== undefined) this.set(value);
      },
    });
  }

  override async get() {
    const metric = await super.get();
    return this.measured() === undefined ? { ...metric, values: [] } : metric;
  }
}

/**
 * With a read replica (DATABASE_READ_URL), read at each scrape: `poetry_read_replica_in_use` (1
 * while anonymous reads go to it), `poetry_read_replica_lag_seconds` (the last lag measured, absent
 * until one was) and `poetry_anonymous_reads_total{served_by}`, the queries of anonymous requests
 * by the server that answered them (a read the replica failed counts where it was answered).
 */
export function readReplicaMetrics(registry: Registry, replica: ReplicaReads) {
  new Gauge({
    name: 'poetry_read_replica_in_use',
    help: 'Whether anonymous reads go to the read replica (1) or to the primary (0: it is down or lagging)',
    registers: [registry],
    collect() {
      this.set(replica.health().state === 'in_use' ? 1 : 0);
    },
  });
  new MeasuredGauge(() => replica.lastLagSeconds(), {
    name: 'poetry_read_replica_lag_seconds',
    help: "The read replica's replication lag as its last successful check measured it on the replica",
    registers: [registry],
  });
  new Counter({
    name: 'poetry_anonymous_reads_total',
    help: 'Queries of anonymous requests, by the server that answered them: replica or primary',
    labelNames: ['served_by'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [servedBy, count] of Object.entries(replica.served) as [ServedBy, number][]) {
        this.inc({ served_by: servedBy }, count);
      }
    },
  });
}
