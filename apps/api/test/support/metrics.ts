import { samplesOf } from '@poetry/test-support/metrics-samples';
import { expect } from 'vitest';

export {
  type Labels,
  type Sample,
  samplesOf,
  sampleValue,
  valueOrZero,
} from '@poetry/test-support/metrics-samples';

/** The metrics served on `port`, as text and as samples. */
export async function scrapeAt(port: number) {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  return { text, samples: samplesOf(text) };
}
