/**
 * Hostile load. While HOSTILE_SENDERS connections send the nastiest bad input in a loop (a part
 * named `tags[1000000]`, a JSON array of 300,000 items near the 1 MB body limit, gzip that is not,
 * multipart cut short, cursors out of range), READERS connections read a published poem and a
 * list anonymously. The issue's bounds: the reads' p99 stays under 100 ms and the server's
 * resident memory under 400 MB; every hostile request is refused with a 4xx, none dropped.
 */
import { type ApiServer, startApiServer } from '@poetry/contract-tests/api-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { castForHostileLoad, hostileKinds, hostileSteps, readSteps } from '../src/hostile-load.js';
import { residentMemoryMb } from '../src/process-memory.js';
import { runLoad } from '../src/run-load.js';
import { histogram, histogramByName, type LoadResult, percentileMs, summaryLine } from '../src/tally.js';

const HOSTILE_SENDERS = 4;
const READERS = 2;
/** Unmeasured: the first requests of each kind meet a cold process (JIT, first connections). */
const WARM_UP_MS = 2_000;
const LOAD_MS = 10_000;
/** The bounds. */
const READ_P99_LIMIT_MS = 100;
const RSS_LIMIT_MB = 400;

let api: ApiServer;
let hostile: LoadResult;
let reads: LoadResult;
let memory: { now: number; peak: number };

beforeAll(async () => {
  api = await startApiServer();
  const { baseUrl } = api.info;
  const cast = await castForHostileLoad(baseUrl);
  const kinds = await hostileKinds(cast);
  const underFire = (durationMs: number) =>
    Promise.all([
      runLoad({ baseUrl, connections: HOSTILE_SENDERS, durationMs, nextStep: hostileSteps(kinds) }),
      runLoad({ baseUrl, connections: READERS, durationMs, nextStep: readSteps(cast) }),
    ]);
  await underFire(WARM_UP_MS);
  [hostile, reads] = await underFire(LOAD_MS);
  memory = await residentMemoryMb(api.process.pid as number);
  const p = (fraction: number) => Math.round(percentileMs(reads.records, fraction));
  console.log(summaryLine('hostile load: hostile', hostile));
  console.log(
    summaryLine('hostile load: reads', reads, `p50 ${p(0.5)} ms, p99 ${p(0.99)} ms`) +
      `; server RSS ${memory.now} MB after, peak ${memory.peak} MB`,
  );
});

afterAll(() => api?.stop());

describe(`hostile load: ${HOSTILE_SENDERS} senders of bad input, ${READERS} readers`, () => {
  it('refuses every hostile request with a 4xx, and drops none', () => {
    const notRefused = hostile.records.filter(
      (record) => record.status === null || Math.floor(record.status / 100) !== 4,
    );
    expect(histogramByName(notRefused)).toEqual({});
  });

  it(`answers every read, the p99 under ${READ_P99_LIMIT_MS} ms`, () => {
    expect(histogram(reads.records)).toEqual({ 200: reads.records.length });
    expect(percentileMs(reads.records, 0.99), 'the p99 of the reads, ms').toBeLessThan(READ_P99_LIMIT_MS);
  });

  it(`keeps the server's resident memory under ${RSS_LIMIT_MB} MB`, () => {
    expect(memory.peak, 'the peak resident memory, MB').toBeLessThan(RSS_LIMIT_MB);
  });
});
