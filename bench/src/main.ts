import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { SeedSize } from '@poetry/seed';
import autocannon from 'autocannon';
import pg from 'pg';
import { reusableData, seedDatabase } from './bench-database.js';
import { cpuMs } from './cpu-time.js';
import { type Fixtures, loadFixtures } from './fixtures.js';
import { SQL } from './floor/sql.js';
import { openLoop } from './open-loop.js';
import { checkParity } from './parity.js';
import { root } from './paths.js';
import { benchReplica, replicaTable } from './replica-bench.js';
import {
  type CachedResult,
  cachedLine,
  cachedTable,
  expressAloneLine,
  type Measure,
  machine,
  measure,
  minutes,
  type Round,
  roundLine,
  summarize,
  table,
} from './report.js';
import { isAnonymousRead } from './requests.js';
import { SCENARIOS, type Scenario } from './scenarios.js';
import {
  pageCacheAnswers,
  peakRssMb,
  portsInUse,
  SERVICE_ENTRY,
  type Server,
  startExpressAlone,
  startFloor,
  startService,
} from './servers.js';
import { findVarnishd, hitRatio, INSTALL_VARNISH, startVarnish, VARNISH_VCL } from './varnish.js';

/** What --replica measures unless --only names others: anonymous reads, as JSON and as a page rendered each time. */
const REPLICA_SCENARIOS = ['1', '1r', '2', '7', '6a', '6c'];

const HELP = `pnpm bench [--runs 3] [--seconds 10] [--warmup 2] [--open-loop-seconds 4] [--only <ids>]
           [--no-varnish] [--replica] [--smoke]

Seeds a database once (cached in .data/bench), starts the production build of the service (the
API and the pages, as \`pnpm start\` runs it), a plain node:http + pg floor beside it and, when
varnishd is installed, Varnish in front of the service. Then it measures every scenario --runs
times, in rounds (each round runs every scenario once, so that a slow minute of the machine does
not hit one scenario in every run). In a round, for each scenario, floor then API:
- at saturation: autocannon, 50 connections, --seconds measured after --warmup seconds;
- at a steady load: an open loop (a request sent every 1/rate s whatever the answers, 100
  connections) for --open-loop-seconds, at half the floor's req/s of that round.
Scenario 1 is also measured at saturation on Express alone, right after the floor: a plain
Express 4 app with its one route and the floor's SQL and JSON, what Express itself costs.
A page (1p, 1r, 1q) has no floor: its req/s is a share of the JSON scenario it renders (1), and
it is driven at half its own req/s; the share of pages the service's page cache answered is
shown beside it (1p goes through the cache; 1r asks for a URL no one asked before, 1q has a
cookie, so the service renders every one). After the rounds, each anonymous read (GETs with no cookie) goes
through Varnish once, warmed up until the cache is full, then measured: req/s, latency and the
cache's hit ratio.
It prints the medians over the rounds and the spread of the ratio, and what each answer cost the
API's and the floor's process in CPU at saturation (µs, from /proc on Linux), and writes
bench/results/<date>.json with every run.
--only 1,1p,3: just these scenarios, to try a change quickly; writes no results.
--no-varnish: no Varnish even when it is installed.
--replica: instead of the above, a streaming replica of the seeded database and four more
  instances of the service: two on the database alone, two reading anonymously from the replica
  (DATABASE_READ_URL). Each round drives each pair in turn, 25 connections per instance, on
  anonymous reads (${REPLICA_SCENARIOS.join(', ')} unless --only names others): req/s, and the
  primary's and the replica's CPU per read (µs, /proc). Writes bench/results/<date>-replica.json.
--smoke: a tiny database in a temporary folder, one round of a few requests per scenario, to
prove that the benchmark still runs (CI); writes no results.`;

const FULL: SeedSize = {
  authors: 10_000,
  poems: 100_000,
  collections: 1_000,
  likes: 1_000_000,
  follows: 100_000,
  // 20 authors with 1,200 poems each (about 1,080 published): page 50 exists for each.
  prolific: { authors: 20, poems: 24_000 },
};
const SMOKE: SeedSize = {
  authors: 200,
  poems: 2_000,
  collections: 20,
  likes: 4_000,
  follows: 2_000,
  prolific: { authors: 5, poems: 500 },
};

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    'open-loop-seconds': { type: 'string', default: '4' },
    only: { type: 'string' },
    'no-varnish': { type: 'boolean' },
    replica: { type: 'boolean' },
    smoke: { type: 'boolean' },
    help: { type: 'boolean' },
  },
});
if (args.help) {
  console.log(HELP);
  process.exit(0);
}
function number(name: 'runs' | 'seconds' | 'warmup' | 'open-loop-seconds', minimum: number): number {
  const value = Number(args[name]);
  if (value >= minimum) return value;
  console.error(`--${name}: a number of at least ${minimum}, not ${args[name]}`);
  process.exit(2);
}
const smoke = args.smoke === true;
const only = args.only?.split(',').map((id) => id.trim());
const wanted = only ?? (args.replica ? REPLICA_SCENARIOS : undefined);
const scenarios = wanted ? SCENARIOS.filter((scenario) => wanted.includes(scenario.id)) : SCENARIOS;
if (only && scenarios.length !== only.length) {
  console.error(
    `--only: no such scenario among ${only.join(', ')}; there are ${SCENARIOS.map((s) => s.id).join(', ')}`,
  );
  process.exit(2);
}
const orphan = args.replica
  ? undefined
  : scenarios.find((s) => s.comparedWith && !scenarios.some((base) => base.id === s.comparedWith));
if (orphan) {
  console.error(`--only: ${orphan.id} is measured against ${orphan.comparedWith}; add it`);
  process.exit(2);
}
const size = smoke ? SMOKE : FULL;
const deepPage = smoke ? 3 : 50;
const runs = smoke ? 1 : Math.trunc(number('runs', 1));
const load = smoke
  ? { amount: 50, warmup: 0, openLoopSeconds: 0.25 }
  : {
      duration: number('seconds', 1),
      warmup: number('warmup', 0),
      openLoopSeconds: number('open-loop-seconds', 1),
    };
const CONNECTIONS = 50;
/** Enough that the open loop's rate is met while answers are slow. */
const OPEN_LOOP_CONNECTIONS = 100;
const SECRET = 'benchmark-session-secret-0123456789';
// Below Linux's ephemeral range (32768+), so no port picked at random by a parallel test run collides.
// bench/varnish/service.vcl names the API's.
const PORTS = { api: 4310, floor: 4311, database: 4312, varnish: 4313, expressAlone: 4314, metrics: 4315 };
/** --replica's four instances and their metrics: 4316 to 4323. */
const REPLICA_PORTS_FROM = 4316;
/** The scenario Express alone answers (`bench/src/express-alone.ts`). */
const EXPRESS_ALONE_SCENARIO = '1';
const varnishd = args['no-varnish'] ? null : findVarnishd();
if (!varnishd && !args['no-varnish'])
  console.log(`varnishd is not installed: no reads through Varnish (to measure them: ${INSTALL_VARNISH})`);

const busy = await portsInUse([
  ...Object.values(PORTS),
  ...(args.replica ? Array.from({ length: 8 }, (_, index) => REPLICA_PORTS_FROM + index) : []),
]);
if (busy.length) {
  console.error(`ports ${busy.join(', ')} are in use: is another benchmark running?`);
  process.exit(2);
}

const dataDir = smoke ? await mkdtemp(path.join(tmpdir(), 'poetry-bench-')) : path.join(root, '.data/bench');
const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${PORTS.database}/poetry`;
const seeded = await reusableData(dataDir, size);
await mkdir(dataDir, { recursive: true, mode: 0o755 });

const servers: Server[] = [];
try {
  const api = await startService({
    port: PORTS.api,
    databasePort: PORTS.database,
    dataDir,
    secret: SECRET,
    env: { METRICS_PORT: String(PORTS.metrics) },
  });
  const metricsUrl = `http://127.0.0.1:${PORTS.metrics}/metrics`;
  servers.push(api);
  console.log(`API and pages ready in ${Math.round(api.readyMs)} ms${seeded ? '' : ' (a new database)'}`);
  if (!seeded)
    console.log(`seeded in ${Math.round((await seedDatabase(databaseUrl, dataDir, size)) / 1000)} s`);
  const fixtures = await loadFixtures(api.url, databaseUrl, {
    prolificAuthors: size.prolific?.authors ?? 1,
    deepPage,
  });
  if (args.replica) await replicaRun(fixtures);
  else await benchAgainstFloor(api, fixtures, metricsUrl);
} finally {
  for (const server of servers.reverse()) await server.stop();
  if (smoke) await rm(dataDir, { recursive: true, force: true });
}

/**
 * The scenarios' rounds, each against the floor (and Express alone), then the anonymous reads
 * through Varnish; prints and writes the report.
 */
async function benchAgainstFloor(api: Server, fixtures: Fixtures, metricsUrl: string) {
  const floor = await startFloor(PORTS.floor, databaseUrl, SECRET, api.url);
  servers.push(floor);
  await checkParity(scenarios, fixtures, api.url, { name: 'the floor', url: floor.url });
  console.log('the floor answers every scenario as the API does');
  const expressAloneScenarios = scenarios.filter((scenario) => scenario.id === EXPRESS_ALONE_SCENARIO);
  const expressAlone = expressAloneScenarios.length
    ? await startExpressAlone(PORTS.expressAlone, databaseUrl, api.url)
    : null;
  if (expressAlone) {
    servers.push(expressAlone);
    await checkParity(expressAloneScenarios, fixtures, api.url, {
      name: 'Express alone',
      url: expressAlone.url,
    });
    console.log(`Express alone answers scenario ${EXPRESS_ALONE_SCENARIO} as the API does`);
  }

  const varnish = varnishd
    ? await startVarnish(varnishd, PORTS.varnish, path.join(dataDir, 'varnish'))
    : null;
  if (varnish) servers.push(varnish);

  const run = async (url: string, scenario: Scenario, seconds?: number) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      requests: scenario.requests(fixtures),
      ...(seconds === undefined ? { amount: load.amount } : { duration: seconds }),
    });
  const warmUp = async (url: string, scenario: Scenario) => {
    if (load.warmup) await run(url, scenario, load.warmup);
  };
  /** With `pid`, also what the answers cost that process in CPU. */
  const saturate = async (url: string, scenario: Scenario, pid?: number) => {
    const cpuBefore = pid === undefined ? null : await cpuMs(pid);
    const result = await run(url, scenario, load.duration);
    const cpuAfter = pid === undefined ? null : await cpuMs(pid);
    return measure(result, cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore);
  };
  const warmUpThenSaturate = async (server: Server, scenario: Scenario) => {
    await warmUp(server.url, scenario);
    return saturate(server.url, scenario, server.process.pid);
  };
  /** The service at saturation, with its page cache's hit ratio meanwhile (null: no page asked it). */
  const measureService = async (scenario: Scenario): Promise<Measure> => {
    await warmUp(api.url, scenario);
    const before = await pageCacheAnswers(metricsUrl);
    const measured = await saturate(api.url, scenario, api.process.pid);
    const after = await pageCacheAnswers(metricsUrl);
    const hits = after.hit - before.hit;
    const asked = hits + after.miss - before.miss;
    return { ...measured, pageCacheHitRatio: asked ? hits / asked : null };
  };
  const steady = (url: string, scenario: Scenario, rate: number) =>
    openLoop(url, scenario.requests(fixtures), {
      rate,
      seconds: load.openLoopSeconds,
      connections: OPEN_LOOP_CONNECTIONS,
    });

  const rounds = new Map<string, Round[]>(scenarios.map((scenario) => [scenario.id, []]));
  /**
   * A scenario once: floor (and Express alone on its scenario) and API at saturation, then floor
   * and API at half the floor's req/s.
   */
  const measureRound = async (scenario: Scenario, round: number): Promise<Round> => {
    const { comparedWith } = scenario;
    const floorMeasure = comparedWith ? null : await warmUpThenSaturate(floor, scenario);
    const expressAloneMeasure =
      expressAlone && scenario.id === EXPRESS_ALONE_SCENARIO
        ? await warmUpThenSaturate(expressAlone, scenario)
        : undefined;
    const apiMeasure = await measureService(scenario);
    const base = comparedWith ? rounds.get(comparedWith)?.[round]?.api : floorMeasure;
    if (!base) throw new Error(`scenario ${scenario.id} runs before ${comparedWith}, its base`);
    // A page, with no floor, at half its own req/s: half its base's would be many times what it serves.
    const rate = Math.round((floorMeasure ?? apiMeasure).rps / 2);
    const floorLoop = floorMeasure && rate >= 1 ? await steady(floor.url, scenario, rate) : null;
    const apiLoop = rate >= 1 ? await steady(api.url, scenario, rate) : null;
    return {
      api: apiMeasure,
      floor: floorMeasure,
      expressAlone: expressAloneMeasure,
      ratio: apiMeasure.rps / base.rps,
      openLoop: apiLoop && { rate, api: apiLoop, floor: floorLoop },
    };
  };
  for (let round = 0; round < runs; round++) {
    const started = performance.now();
    for (const scenario of scenarios) {
      const measured = await measureRound(scenario, round);
      rounds.get(scenario.id)?.push(measured);
      console.log(roundLine(`${round + 1}/${runs}`, scenario, measured));
    }
    console.log(`round ${round + 1} of ${runs}: ${minutes(performance.now() - started)}`);
    // The write scenarios leave dead row versions that the next round's reads would step over.
    if (round + 1 < runs) await vacuumWrittenTables();
  }
  const results = scenarios.map((scenario) => summarize(scenario, rounds.get(scenario.id) ?? []));

  const cached: CachedResult[] = [];
  if (varnish) {
    const started = performance.now();
    for (const scenario of scenarios.filter((s) => isAnonymousRead(s.requests(fixtures)))) {
      const warmupSeconds = load.warmup ? await varnish.fill(() => warmUp(varnish.url, scenario)) : 0;
      const before = await varnish.counters();
      const through = await saturate(varnish.url, scenario);
      const after = await varnish.counters();
      const apiRps = results.find((result) => result.id === scenario.id)?.apiRps ?? Number.NaN;
      const result = {
        id: scenario.id,
        name: scenario.name,
        through,
        hitRatio: hitRatio(before, after),
        warmupSeconds,
        apiRps,
      };
      cached.push(result);
      console.log(cachedLine(result));
    }
    console.log(`through Varnish: ${minutes(performance.now() - started)}`);
  }

  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    service: SERVICE_ENTRY,
    size,
    connections: CONNECTIONS,
    rounds: runs,
    secondsPerScenario: load.duration ?? null,
    warmupSeconds: load.warmup,
    openLoop: {
      seconds: load.openLoopSeconds,
      connections: OPEN_LOOP_CONNECTIONS,
      rate: "half the floor's req/s in the same round; a page: half its own",
    },
    apiReadyMs: Math.round(api.readyMs),
    apiPeakRssMb: await peakRssMb(api.process.pid as number),
    topListPlan: await explain(SQL.topAuthors, [null, 21]),
    results,
    varnish: varnish && { version: varnish.version, vcl: path.relative(root, VARNISH_VCL), results: cached },
  };
  console.log(`\n${table(results)}\n`);
  for (const line of results.map(expressAloneLine)) if (line) console.log(`${line}\n`);
  if (varnish)
    console.log(`Through Varnish, after the rounds (${varnish.version}):\n\n${cachedTable(cached)}\n`);
  console.log(`API peak RSS ${report.apiPeakRssMb} MB; ready in ${report.apiReadyMs} ms`);
  console.log(`plan of the top-authors list:\n${report.topListPlan}`);
  if (results.some((result) => result.errors > 0) || cached.some((result) => result.through.errors > 0)) {
    process.exitCode = 1;
    console.error('some requests failed');
  }
  if (!smoke && !only) {
    const file = path.join(root, 'bench/results', `${report.date.slice(0, 10)}.json`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`written to ${path.relative(root, file)}`);
  }
}

/** --replica: the replica's rounds; prints and writes the report. */
async function replicaRun(fixtures: Fixtures) {
  const written = scenarios.filter((scenario) => !isAnonymousRead(scenario.requests(fixtures)));
  if (written.length) {
    console.error(`--replica measures anonymous reads; not ${written.map((s) => s.id).join(', ')}`);
    process.exitCode = 2;
    return;
  }
  const results = await benchReplica({
    databaseUrl,
    dataDir,
    secret: SECRET,
    firstPort: REPLICA_PORTS_FROM,
    scenarios,
    fixtures,
    runs,
    load:
      load.duration === undefined
        ? { amount: load.amount }
        : { duration: load.duration, warmup: load.warmup },
    log: console.log,
  });
  console.log(`\n${replicaTable(results)}\n`);
  if (results.some((result) => result.oneDatabase.errors + result.withReplica.errors > 0)) {
    process.exitCode = 1;
    console.error('some requests failed');
  }
  if (!smoke && !only) {
    const report = { date: new Date().toISOString(), machine: machine(), size, rounds: runs, load, results };
    const file = path.join(root, 'bench/results', `${report.date.slice(0, 10)}-replica.json`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`written to ${path.relative(root, file)}`);
  }
}

/** Clears what the write scenarios (4, 5) leave behind, as autovacuum would in time. */
async function vacuumWrittenTables(): Promise<void> {
  await withDatabase((client) => client.query('VACUUM (ANALYZE) poem, poem_like, author'));
}

async function explain(sql: string, params: unknown[]): Promise<string> {
  const { rows } = await withDatabase((client) =>
    client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, params),
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

async function withDatabase<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
