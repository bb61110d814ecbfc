import { type Sample, samplesOf } from '@poetry/test-support/metrics-samples';

/** The samples of the API's `/metrics`, served on its METRICS_PORT. */
export async function scrapeMetrics(port: number): Promise<Sample[]> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
  return samplesOf(await response.text());
}
