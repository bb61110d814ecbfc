import os from 'node:os';
import type autocannon from 'autocannon';
import type { OpenLoopMeasure } from './open-loop.js';
import { median } from './stats.js';

/**
 * One saturation run: autocannon's connections sending as fast as the server answers. With the
 * CPU time the server used meanwhile (Linux), the µs of CPU one answer cost it: steadier than
 * req/s, which also depends on what else the two cores did (PostgreSQL, the load generator).
 */
export type Measure = {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpuUsPerRequest: number | null;
  /** The service's page cache: hits as a share of the pages it was asked for; null when none was. */
  pageCacheHitRatio?: number | null;
};

/** API and floor driven at the same fixed rate (none for the floor on a page). */
export type OpenLoop = { rate: number; api: OpenLoopMeasure; floor: OpenLoopMeasure | null };

/** What one round measured of a scenario. */
export type Round = {
  api: Measure;
  /** None for a page: the floor cannot render one. */
  floor: Measure | null;
  /** Scenario 1 only: Express alone, right after the floor. */
  expressAlone?: Measure;
  /** The API's req/s as a share of the floor's, or (a page) of its base scenario's API, this round. */
  ratio: number;
  /** None when there was no rate to drive (the floor, or a page, served nothing). */
  openLoop: OpenLoop | null;
};

/** Medians of open-loop runs: what the server answered at the rate, and how fast. */
type Steady = { achievedRate: number; p50: number; p99: number };

/** The lowest and the highest of the rounds' shares. */
type Spread = { min: number; max: number };

/** A median share over the rounds and its spread. */
type Share = { ratio: number; ratioSpread: Spread };

/** A scenario's rounds and their medians. */
export type ScenarioResult = {
  id: string;
  name: string;
  ratioTo: 'floor' | `scenario ${string}`;
  apiRps: number;
  floorRps: number | null;
  ratio: number;
  ratioSpread: Spread;
  /** Scenario 1 only: Express alone's median req/s and its share of the floor's. */
  expressAlone?: { rps: number } & Share;
  /** Median µs of CPU per answer at saturation; null where it was not measured (no floor, no /proc). */
  cpuUsPerRequest: { api: number | null; floor: number | null };
  /** Median share of the pages the service's page cache answered; null where it was asked none. */
  pageCacheHitRatio: number | null;
  openLoop: {
    rate: number;
    api: Steady;
    floor: Steady | null;
    apiP99WithinTwiceFloor: boolean | null;
  } | null;
  /** Over every run of every round, saturation and open loop. */
  errors: number;
  rounds: Round[];
};

/** A scenario through Varnish: one saturation run once the cache is filled, and its hit ratio. */
export type CachedResult = {
  id: string;
  name: string;
  through: Measure;
  /** Hits as a share of hits and misses during the measured run; null if Varnish looked nothing up. */
  hitRatio: number | null;
  /** How long it took to fill the cache before the measured run. */
  warmupSeconds: number;
  /** The API's own median req/s on the scenario, for scale. */
  apiRps: number;
};

export function measure(result: autocannon.Result, cpuMsUsed: number | null): Measure {
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuUsPerRequest:
      cpuMsUsed === null || result.requests.total === 0
        ? null
        : Math.round((cpuMsUsed * 1000) / result.requests.total),
  };
}

const steadyMedians = (measures: OpenLoopMeasure[]): Steady => ({
  achievedRate: median(measures.map((m) => m.achievedRate)),
  p50: median(measures.map((m) => m.p50)),
  p99: median(measures.map((m) => m.p99)),
});

/** The median of the measured figures; null if none was. */
const medianOf = (values: (number | null | undefined)[]): number | null => {
  const measured = values.filter((value): value is number => typeof value === 'number');
  return measured.length ? median(measured) : null;
};

const share = (ratios: number[]): Share => ({
  ratio: median(ratios),
  ratioSpread: { min: Math.min(...ratios), max: Math.max(...ratios) },
});

export function summarize(
  scenario: { id: string; name: string; comparedWith?: string },
  rounds: Round[],
): ScenarioResult {
  const floors = rounds.flatMap((round) => (round.floor ? [round.floor.rps] : []));
  const openLoops = rounds.flatMap((round) => (round.openLoop ? [round.openLoop] : []));
  const floorLoops = openLoops.flatMap((loop) => (loop.floor ? [loop.floor] : []));
  const api = steadyMedians(openLoops.map((loop) => loop.api));
  const floor = floorLoops.length ? steadyMedians(floorLoops) : null;
  const alone = rounds.flatMap(({ expressAlone, floor }) =>
    expressAlone && floor ? [{ rps: expressAlone.rps, ratio: expressAlone.rps / floor.rps }] : [],
  );
  const errors = rounds
    .flatMap(({ api, floor, expressAlone, openLoop }) => [
      api,
      floor,
      expressAlone,
      openLoop?.api,
      openLoop?.floor,
    ])
    .reduce((sum, measured) => sum + (measured?.errors ?? 0), 0);
  return {
    id: scenario.id,
    name: scenario.name,
    ratioTo: scenario.comparedWith ? `scenario ${scenario.comparedWith}` : 'floor',
    apiRps: median(rounds.map((round) => round.api.rps)),
    floorRps: floors.length ? median(floors) : null,
    ...share(rounds.map((round) => round.ratio)),
    expressAlone: alone.length
      ? { rps: median(alone.map((round) => round.rps)), ...share(alone.map((round) => round.ratio)) }
      : undefined,
    cpuUsPerRequest: {
      api: medianOf(rounds.map((round) => round.api.cpuUsPerRequest)),
      floor: medianOf(rounds.map((round) => round.floor?.cpuUsPerRequest)),
    },
    pageCacheHitRatio: medianOf(rounds.map((round) => round.api.pageCacheHitRatio)),
    openLoop: openLoops.length
      ? {
          rate: median(openLoops.map((loop) => loop.rate)),
          api,
          floor,
          apiP99WithinTwiceFloor: floor ? api.p99 <= 2 * floor.p99 : null,
        }
      : null,
    errors,
    rounds,
  };
}

export const machine = () => ({
  cpus: `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown'}`,
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  platform: `${os.type()} ${os.release()}`,
});

const percent = (share: number, digits = 0) => `${(share * 100).toFixed(digits)}%`;
const ms = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(1));
const yesNo = (value: boolean | null | undefined) => (value == null ? '–' : value ? 'yes' : 'no');

export const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;

const cpu = ({ cpuUsPerRequest }: Measure) =>
  cpuUsPerRequest === null ? '' : ` (${cpuUsPerRequest} µs CPU each)`;
const micros = (value: number | null) => (value === null ? '–' : value);

/** A scenario's round, as it ends. */
export function roundLine(round: string, scenario: { id: string; name: string }, measured: Round): string {
  const { api, floor, expressAlone, ratio, openLoop } = measured;
  const saturated = `API ${api.rps} req/s${cpu(api)}, ${floor ? `floor ${floor.rps} req/s${cpu(floor)}` : 'no floor (a page)'} (${percent(ratio)})`;
  const alone =
    expressAlone && floor
      ? `; Express alone ${expressAlone.rps} req/s (${percent(expressAlone.rps / floor.rps)})`
      : '';
  const cached =
    api.pageCacheHitRatio == null ? '' : `; page cache hits ${percent(api.pageCacheHitRatio, 1)}`;
  const steady = openLoop
    ? `; at ${openLoop.rate} req/s p99 API ${ms(openLoop.api.p99)} ms${openLoop.floor ? `, floor ${ms(openLoop.floor.p99)} ms` : ''}`
    : '';
  return `[${round}] ${scenario.id}. ${scenario.name}: ${saturated}${cached}${alone}${steady}`;
}

const spread = ({ min, max }: Spread) => `${percent(min)}–${percent(max)}`;

/** Express alone beside the API, below the table; null for a scenario it did not answer. */
export function expressAloneLine({ id, apiRps, ratio, ratioSpread, expressAlone }: ScenarioResult) {
  if (!expressAlone) return null;
  const rps = (value: number) => value.toLocaleString('en-US');
  return (
    `Express alone (one route, same SQL and JSON), scenario ${id}: ${rps(expressAlone.rps)} req/s ` +
    `(${percent(expressAlone.ratio)} of the floor, ${spread(expressAlone.ratioSpread)}); ` +
    `the API ${rps(apiRps)} req/s (${percent(ratio)}, ${spread(ratioSpread)})`
  );
}

/** A scenario through Varnish, as it ends. */
export function cachedLine({ id, name, through, hitRatio }: CachedResult): string {
  return `[Varnish] ${id}. ${name}: ${through.rps} req/s, p99 ${through.p99} ms, hits ${hitRatio === null ? '–' : percent(hitRatio, 1)}`;
}

function markdown(header: string[], rows: (string | number)[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `| --- |${' ---: |'.repeat(header.length - 1)}`,
    ...rows.map((cells) => `| ${cells.join(' | ')} |`),
  ].join('\n');
}

/** The medians as a Markdown table, the form docs/benchmark.md shows. */
export function table(results: ScenarioResult[]): string {
  return markdown(
    [
      'scenario',
      'API req/s',
      'floor req/s',
      'API share',
      'spread',
      'steady req/s',
      'achieved API/floor',
      'API p50 ms',
      'API p99 ms',
      'floor p50 ms',
      'floor p99 ms',
      'API p99 ≤ 2× floor',
      'CPU µs per answer, API/floor',
      'page cache hits',
      'errors',
    ],
    results.map(
      ({
        id,
        name,
        apiRps,
        floorRps,
        ratio,
        ratioTo,
        ratioSpread,
        openLoop,
        cpuUsPerRequest,
        pageCacheHitRatio,
        errors,
      }) => [
        `${id}. ${name}`,
        apiRps,
        floorRps ?? '–',
        `${percent(ratio)} of ${ratioTo}`,
        spread(ratioSpread),
        openLoop?.rate ?? '–',
        openLoop ? `${openLoop.api.achievedRate}/${openLoop.floor?.achievedRate ?? '–'}` : '–',
        ms(openLoop?.api.p50),
        ms(openLoop?.api.p99),
        ms(openLoop?.floor?.p50),
        ms(openLoop?.floor?.p99),
        yesNo(openLoop?.apiP99WithinTwiceFloor),
        `${micros(cpuUsPerRequest.api)}/${micros(cpuUsPerRequest.floor)}`,
        pageCacheHitRatio === null ? '–' : percent(pageCacheHitRatio, 1),
        errors,
      ],
    ),
  );
}

/** The anonymous reads through Varnish as a Markdown table. */
export function cachedTable(results: CachedResult[]): string {
  return markdown(
    ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'hit ratio', 'warm-up s', '× API alone', 'errors'],
    results.map(({ id, name, through, hitRatio, warmupSeconds, apiRps }) => [
      `${id}. ${name}`,
      through.rps,
      through.p50,
      through.p99,
      hitRatio === null ? '–' : percent(hitRatio, 1),
      warmupSeconds,
      (through.rps / apiRps).toFixed(1),
      through.errors,
    ]),
  );
}
