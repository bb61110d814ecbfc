import type { Outcome } from './send.js';

/** One request of a load run: what it was (`name`) and how it ended, without the answer's body. */
export type Tallied = Pick<Outcome, 'startedAt' | 'endedAt' | 'status' | 'error' | 'reusedSocket'> & {
  name: string;
};

export type LoadResult = { records: Tallied[]; elapsedMs: number };

/** The key a record is counted under: its status, or `dropped <error code>`. */
export const outcomeKey = (record: Pick<Tallied, 'status' | 'error'>) =>
  record.status === null ? `dropped ${record.error}` : String(record.status);

/** How many ended each way, e.g. `{ "200": 5120, "dropped ECONNRESET": 2 }`. */
export function histogram(records: readonly Pick<Tallied, 'status' | 'error'>[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const record of records) counts[outcomeKey(record)] = (counts[outcomeKey(record)] ?? 0) + 1;
  return counts;
}

/** The same, per request name: `{ "like": { "200": 812 }, ... }`. */
export function histogramByName(records: readonly Tallied[]): Record<string, Record<string, number>> {
  const byName = new Map<string, Tallied[]>();
  for (const record of records) {
    const group = byName.get(record.name);
    if (group) group.push(record);
    else byName.set(record.name, [record]);
  }
  return Object.fromEntries([...byName].map(([name, group]) => [name, histogram(group)]));
}

export const latencyMs = (record: Tallied) => record.endedAt - record.startedAt;

export const maxLatencyMs = (records: readonly Tallied[]) =>
  records.reduce((max, record) => Math.max(max, latencyMs(record)), 0);

/** The latency below which `fraction` of the records were answered (nearest rank), e.g. 0.99 for the p99. */
export function percentileMs(records: readonly Tallied[], fraction: number): number {
  const sorted = records.map(latencyMs).sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

export const dropped = (records: readonly Tallied[]) => records.filter((record) => record.status === null);

export const serverErrors = (records: readonly Tallied[]) =>
  records.filter((record) => record.status !== null && record.status >= 500);

/** One line for the test output (the README quotes the last run's). */
export function summaryLine(label: string, { records, elapsedMs }: LoadResult, extra = ''): string {
  const seconds = elapsedMs / 1000;
  const statuses = Object.entries(histogram(records))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, count]) => `${key}×${count}`)
    .join(' ');
  return (
    `${label}: ${records.length} requests in ${seconds.toFixed(1)} s (${Math.round(records.length / seconds)} req/s), ` +
    `statuses ${statuses}, dropped ${dropped(records).length}, max latency ${Math.round(maxLatencyMs(records))} ms` +
    (extra ? `; ${extra}` : '')
  );
}
