import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { SeedSize } from '@poetry/seed';
import autocannon from 'autocannon';
import pg from 'pg';
import { reusableData, seedDatabase } from './bench-database.js';
import { loadFixtures } from './fixtures.js';
import { SQL } from './floor/sql.js';
import { root } from './paths.js';
import { machine, measure, type ScenarioResult, table } from './report.js';
import { SCENARIOS } from './scenarios.js';
import { peakRssMb, SERVICE_ENTRY, type Server, startFloor, startService } from './servers.js';

const HELP = `pnpm bench [--smoke] [--only <ids>]

Seeds a database once (cached in .data/bench), starts the production build of the service (the
API and the pages, as \`pnpm start\` runs it) and a plain node:http + pg floor beside it, drives
both with autocannon (50 connections, 15 s per scenario after a warm-up), prints the table and
writes bench/results/<date>.json. A page scenario (1p) has no floor run: its req/s is shown as a
share of the JSON scenario it renders (1).
--smoke: a tiny database in a temporary folder and a few requests per scenario, to prove that
the benchmark still runs (CI); writes no results.
--only 1,1p,3: just these scenarios, to try a change quickly; writes no results.`;

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
  options: { smoke: { type: 'boolean' }, only: { type: 'string' }, help: { type: 'boolean' } },
});
if (args.help) {
  console.log(HELP);
  process.exit(0);
}
const smoke = args.smoke === true;
const only = args.only?.split(',').map((id) => id.trim());
const scenarios = only ? SCENARIOS.filter((scenario) => only.includes(scenario.id)) : SCENARIOS;
if (only && scenarios.length !== only.length) {
  console.error(
    `--only: no such scenario among ${only.join(', ')}; there are ${SCENARIOS.map((s) => s.id).join(', ')}`,
  );
  process.exit(2);
}
const orphan = scenarios.find((s) => s.comparedWith && !scenarios.some((base) => base.id === s.comparedWith));
if (orphan) {
  console.error(`--only: ${orphan.id} is measured against ${orphan.comparedWith}; add it`);
  process.exit(2);
}
const size = smoke ? SMOKE : FULL;
const deepPage = smoke ? 3 : 50;
const load = smoke ? { amount: 50, warmup: 0 } : { duration: 15, warmup: 3 };
const CONNECTIONS = 50;
const SECRET = 'benchmark-session-secret-0123456789';
// Below Linux's ephemeral range (32768+), so no port picked at random by a parallel test run collides.
const PORTS = { api: 4310, floor: 4311, database: 4312 };

const dataDir = smoke ? await mkdtemp(path.join(tmpdir(), 'poetry-bench-')) : path.join(root, '.data/bench');
const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${PORTS.database}/poetry`;
const seeded = await reusableData(dataDir, size);
await mkdir(dataDir, { recursive: true, mode: 0o755 });

const servers: Server[] = [];
try {
  const api = await startService({ port: PORTS.api, databasePort: PORTS.database, dataDir, secret: SECRET });
  servers.push(api);
  console.log(`API and pages ready in ${Math.round(api.readyMs)} ms${seeded ? '' : ' (a new database)'}`);
  if (!seeded)
    console.log(`seeded in ${Math.round((await seedDatabase(databaseUrl, dataDir, size)) / 1000)} s`);
  const fixtures = await loadFixtures(api.url, databaseUrl, {
    prolificAuthors: size.prolific?.authors ?? 1,
    deepPage,
  });
  const floor = await startFloor(PORTS.floor, databaseUrl, SECRET, api.url);
  servers.push(floor);

  const results: ScenarioResult[] = [];
  for (const scenario of scenarios) {
    const run = async (server: Server, seconds?: number) =>
      autocannon({
        url: server.url,
        connections: CONNECTIONS,
        requests: scenario.requests(fixtures),
        ...(seconds === undefined ? { amount: load.amount } : { duration: seconds }),
      });
    /** Warms the server up, then measures it. */
    const measured = async (server: Server) => {
      if (load.warmup) await run(server, load.warmup);
      return measure(await run(server, load.duration));
    };
    const { comparedWith, ...described } = scenario;
    const floorMeasure = comparedWith ? null : await measured(floor);
    const apiMeasure = await measured(api);
    const base = comparedWith ? results.find((result) => result.id === comparedWith)?.api : floorMeasure;
    if (!base) throw new Error(`scenario ${scenario.id} runs before ${comparedWith}, its base`);
    results.push({
      ...described,
      api: apiMeasure,
      floor: floorMeasure,
      ratio: apiMeasure.rps / base.rps,
      ratioTo: comparedWith ? `scenario ${comparedWith}` : 'floor',
    });
    console.log(
      `${scenario.id}. ${scenario.name}: API ${apiMeasure.rps} req/s, ${floorMeasure ? `floor ${floorMeasure.rps} req/s` : `no floor (a page)`}`,
    );
  }

  const run = {
    date: new Date().toISOString(),
    machine: machine(),
    service: SERVICE_ENTRY,
    size,
    connections: CONNECTIONS,
    secondsPerScenario: load.duration ?? null,
    apiReadyMs: Math.round(api.readyMs),
    apiPeakRssMb: await peakRssMb(api.process.pid as number),
    topListPlan: await explain(SQL.topAuthors, [null, 21]),
    results,
  };
  console.log(`\n${table(results)}\n`);
  console.log(`API peak RSS ${run.apiPeakRssMb} MB; ready in ${run.apiReadyMs} ms`);
  console.log(`plan of the top-authors list:\n${run.topListPlan}`);
  if (results.some((result) => result.api.errors > 0 || (result.floor?.errors ?? 0) > 0)) {
    process.exitCode = 1;
    console.error('some requests failed');
  }
  if (!smoke && !only) {
    const file = path.join(root, 'bench/results', `${run.date.slice(0, 10)}.json`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify(run, null, 2)}\n`);
    console.log(`written to ${path.relative(root, file)}`);
  }
} finally {
  for (const server of servers.reverse()) await server.stop();
  if (smoke) await rm(dataDir, { recursive: true, force: true });
}

async function explain(sql: string, params: unknown[]): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, COSTS OFF) ${sql}`,
      params,
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.end();
  }
}
