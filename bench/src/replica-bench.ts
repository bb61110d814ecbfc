import { rm } from 'node:fs/promises';
import path from 'node:path';
import { valueOrZero } from '@poetry/test-support/metrics-samples';
import { startPostgresReplica } from '@poetry/test-support/postgres-replica';
import autocannon from 'autocannon';
import pg from 'pg';
import { postgresCpuMs } from './cpu-time.js';
import type { Fixtures } from './fixtures.js';
import type { Scenario } from './scenarios.js';
import { type Server, scrapeMetrics, startService } from './servers.js';
import { median } from './stats.js';

/** Saturation for `duration` seconds after `warmup`, or (the smoke run) `amount` requests. */
export type ReplicaLoad = { duration: number; warmup: number } | { amount: number };

/** Two instances of the service, and where each serves its metrics. */
type Pair = { servers: Server[]; metricsUrls: string[] };

/** One configuration's saturation run of a scenario, both instances driven at once. */
type PairMeasure = {
  rps: number;
  errors: number;
  /** µs of the primary's CPU per answer. */
  primaryUsPerRead: number | null;
  /** µs of the replica's CPU per answer; null with one database. */
  replicaUsPerRead: number | null;
  /** The share of the instances' anonymous reads the replica answered; null with one database. */
  onReplica: number | null;
};

export type ReplicaResult = { id: string; name: string; oneDatabase: PairMeasure; withReplica: PairMeasure };

const CONNECTIONS_PER_INSTANCE = 25;

/**
 * `pnpm bench --replica`: two instances of the service on one PostgreSQL, against two instances
 * whose anonymous reads go to a streaming replica of it (DATABASE_READ_URL), both driven at once
 * on each scenario (anonymous reads), round after round. Measures req/s and what each answer
 * cost the primary and the replica in CPU. On one machine the replica takes the same cores as the
 * primary, so this shows the primary's load moving, not more throughput.
 *
 * `primary` is the service already running on the bench's embedded PostgreSQL (`dataDir`); it
 * serves no load here. Ports from `firstPort` on: four instances and their metrics.
 */
export async function benchReplica({
  databaseUrl,
  dataDir,
  secret,
  firstPort,
  scenarios,
  fixtures,
  runs,
  load,
  log,
}: {
  databaseUrl: string;
  dataDir: string;
  secret: string;
  firstPort: number;
  scenarios: Scenario[];
  fixtures: Fixtures;
  runs: number;
  load: ReplicaLoad;
  log: (line: string) => void;
}): Promise<ReplicaResult[]> {
  const primaryDataDir = path.join(dataDir, 'postgres');
  const replicaDataDir = path.join(dataDir, 'replica');
  await rm(replicaDataDir, { recursive: true, force: true });
  const started: Server[] = [];
  const replica = await startPostgresReplica({
    primaryUrl: databaseUrl,
    primaryDataDir,
    dataDir: replicaDataDir,
  });
  try {
    log(`a streaming replica of the bench's database in ${path.relative(process.cwd(), replicaDataDir)}`);
    const startPair = async (offset: number, env: Record<string, string>): Promise<Pair> => {
      const ports = [0, 1].map((index) => firstPort + offset + index * 2);
      const servers = await Promise.all(
        ports.map((port) =>
          startService({
            port,
            dataDir,
            secret,
            env: { DATABASE_URL: databaseUrl, METRICS_PORT: String(port + 1), ...env },
          }),
        ),
      );
      started.push(...servers);
      return { servers, metricsUrls: ports.map((port) => `http://127.0.0.1:${port + 1}/metrics`) };
    };
    const oneDatabase = await startPair(0, {});
    const withReplica = await startPair(4, { DATABASE_READ_URL: replica.url });

    const measurePair = async ({ servers, metricsUrls }: Pair, scenario: Scenario, replicated: boolean) => {
      const drive = (howLong: { duration: number } | { amount: number }) =>
        Promise.all(
          servers.map((server) =>
            autocannon({
              url: server.url,
              connections: CONNECTIONS_PER_INSTANCE,
              requests: scenario.requests(fixtures),
              ...howLong,
            }),
          ),
        );
      if ('warmup' in load && load.warmup) await drive({ duration: load.warmup });
      const before = await readings(primaryDataDir, replicaDataDir, metricsUrls);
      const results = await drive('amount' in load ? { amount: load.amount } : { duration: load.duration });
      const after = await readings(primaryDataDir, replicaDataDir, metricsUrls);
      const answers = results.reduce((sum, result) => sum + result.requests.total, 0);
      const usPerRead = (ms: number | null) =>
        ms === null || answers === 0 ? null : Math.round((ms * 1000) / answers);
      const difference = (a: number | null, b: number | null) => (a === null || b === null ? null : b - a);
      const onReplica = after.reads.replica - before.reads.replica;
      const onPrimary = after.reads.primary - before.reads.primary;
      return {
        rps: Math.round(results.reduce((sum, result) => sum + result.requests.average, 0)),
        errors: results.reduce((sum, result) => sum + result.errors + result.timeouts + result.non2xx, 0),
        primaryUsPerRead: usPerRead(difference(before.primaryMs, after.primaryMs)),
        replicaUsPerRead: replicated ? usPerRead(difference(before.replicaMs, after.replicaMs)) : null,
        onReplica: replicated && onReplica + onPrimary > 0 ? onReplica / (onReplica + onPrimary) : null,
      } satisfies PairMeasure;
    };

    const rounds = new Map<string, { oneDatabase: PairMeasure; withReplica: PairMeasure }[]>();
    for (let round = 0; round < runs; round++) {
      for (const scenario of scenarios) {
        await replica.waitUntilCaughtUp();
        const measured = {
          oneDatabase: await measurePair(oneDatabase, scenario, false),
          withReplica: await measurePair(withReplica, scenario, true),
        };
        rounds.set(scenario.id, [...(rounds.get(scenario.id) ?? []), measured]);
        log(replicaLine(`${round + 1}/${runs}`, scenario, measured));
      }
    }
    return scenarios.map((scenario) => {
      const measured = rounds.get(scenario.id) ?? [];
      return {
        id: scenario.id,
        name: scenario.name,
        oneDatabase: medians(measured.map((m) => m.oneDatabase)),
        withReplica: medians(measured.map((m) => m.withReplica)),
      };
    });
  } finally {
    for (const server of started.reverse()) await server.stop();
    await replica.stop();
    await dropReplicationSlots(databaseUrl);
    await rm(replicaDataDir, { recursive: true, force: true });
  }
}

/** The primary's and the replica's CPU so far, and the instances' anonymous reads by where they were answered. */
async function readings(primaryDataDir: string, replicaDataDir: string, metricsUrls: string[]) {
  const scraped = await Promise.all(metricsUrls.map(scrapeMetrics));
  const reads = (servedBy: string) =>
    scraped.reduce(
      (sum, samples) => sum + valueOrZero(samples, 'poetry_anonymous_reads_total', { served_by: servedBy }),
      0,
    );
  return {
    primaryMs: await postgresCpuMs(primaryDataDir),
    replicaMs: await postgresCpuMs(replicaDataDir),
    reads: { replica: reads('replica'), primary: reads('primary') },
  };
}

/** The replica's slot would keep every WAL segment of the bench's database from now on. */
async function dropReplicationSlots(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      'SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE NOT active',
    );
  } finally {
    await client.end();
  }
}

const medianOrNull = (values: (number | null)[]) => {
  const measured = values.filter((value): value is number => value !== null);
  return measured.length ? median(measured) : null;
};

function medians(measures: PairMeasure[]): PairMeasure {
  return {
    rps: median(measures.map((m) => m.rps)),
    errors: measures.reduce((sum, m) => sum + m.errors, 0),
    primaryUsPerRead: medianOrNull(measures.map((m) => m.primaryUsPerRead)),
    replicaUsPerRead: medianOrNull(measures.map((m) => m.replicaUsPerRead)),
    onReplica: medianOrNull(measures.map((m) => m.onReplica)),
  };
}

const us = (value: number | null) => (value === null ? '–' : `${value} µs`);
const percent = (value: number | null) => (value === null ? '–' : `${Math.round(value * 100)}%`);

function replicaLine(
  round: string,
  scenario: Scenario,
  { oneDatabase, withReplica }: { oneDatabase: PairMeasure; withReplica: PairMeasure },
): string {
  return (
    `[${round}] ${scenario.id}. ${scenario.name}: one database ${oneDatabase.rps} req/s, ` +
    `primary ${us(oneDatabase.primaryUsPerRead)} CPU per read; with a replica ${withReplica.rps} req/s, ` +
    `primary ${us(withReplica.primaryUsPerRead)}, replica ${us(withReplica.replicaUsPerRead)} CPU per read, ` +
    `${percent(withReplica.onReplica)} of the reads on the replica`
  );
}

/** The medians as a markdown table, for docs/benchmark.md. */
export function replicaTable(results: ReplicaResult[]): string {
  const rows = results.map(({ id, name, oneDatabase, withReplica }) =>
    [
      `${id}. ${name}`,
      oneDatabase.rps,
      us(oneDatabase.primaryUsPerRead),
      withReplica.rps,
      us(withReplica.primaryUsPerRead),
      us(withReplica.replicaUsPerRead),
      percent(withReplica.onReplica),
    ].join(' | '),
  );
  return [
    '| scenario | one database: req/s | primary CPU per read | with a replica: req/s | primary CPU per read | replica CPU per read | reads on the replica |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}
