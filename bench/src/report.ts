import os from 'node:os';
import type autocannon from 'autocannon';

export type Measure = { rps: number; p50: number; p99: number; errors: number };
export type ScenarioResult = {
  id: string;
  name: string;
  api: Measure;
  /** None for a page: the floor cannot render one. */
  floor: Measure | null;
  /** The API's req/s as a share of `ratioTo`'s: the floor's on the same requests, or (a page) a scenario's. */
  ratio: number;
  ratioTo: 'floor' | `scenario ${string}`;
};

export function measure(result: autocannon.Result): Measure {
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

export const machine = () => ({
  cpus: `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown'}`,
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  platform: `${os.type()} ${os.release()}`,
});

/** The results as a Markdown table, the form the README shows. */
export function table(results: ScenarioResult[]): string {
  const lines = [
    '| scenario | API req/s | p50 ms | p99 ms | errors | floor req/s | floor p50 | floor p99 | API share |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const { id, name, api, floor, ratio, ratioTo } of results) {
    const floorCells = floor ? [floor.rps, floor.p50, floor.p99] : ['–', '–', '–'];
    lines.push(
      `| ${[`${id}. ${name}`, api.rps, api.p50, api.p99, api.errors, ...floorCells, `${Math.round(ratio * 100)}% of ${ratioTo}`].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}
