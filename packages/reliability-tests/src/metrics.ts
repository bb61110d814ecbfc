/**
 * The samples of the API's `/metrics` (METRICS_PORT), keyed as the text exposition names them:
 * `poetry_read_replica_in_use`, `poetry_anonymous_reads_total{served_by="replica"}`.
 */
export async function scrapeMetrics(port: number): Promise<Map<string, number>> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
  const samples = new Map<string, number>();
  for (const line of (await response.text()).split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    samples.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return samples;
}
