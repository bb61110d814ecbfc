import { setTimeout as sleep } from 'node:timers/promises';
import type { Request } from 'autocannon';
import { Pool } from 'undici';
import { resolveRequest } from './requests.js';
import { percentile } from './stats.js';

/** Latencies in ms, from when each request was sent. */
export type OpenLoopMeasure = { achievedRate: number; p50: number; p99: number; errors: number };

export type OpenLoopOptions = { rate: number; seconds: number; connections: number };

const round2 = (ms: number) => Math.round(ms * 100) / 100;

/**
 * Sends `rate` requests a second for `seconds`, each when it is due whatever the answers to the
 * earlier ones (an open loop, as users arrive). autocannon's `overallRate` is not one: each of its
 * connections sends its quota back to back at the start of every second and waits for each
 * answer before the next, so a slow answer delays what follows it and the delay goes unseen
 * (coordinated omission). Here each request is sent on schedule (to the timer's millisecond)
 * and its latency counts from then, so waiting behind a slow answer for one of the `connections`
 * counts too. A sequence of several steps (a PUT then its DELETE) starts on schedule; each later
 * step is sent when the previous one has answered, as it depends on it.
 */
export async function openLoop(url: string, requests: Request[], options: OpenLoopOptions) {
  const pool = new Pool(url, { connections: options.connections, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;

  const sequence = async () => {
    const context = {};
    for (const step of requests) {
      const request = resolveRequest(step, context);
      if (!request) return;
      const sent = performance.now();
      try {
        const response = await pool.request({
          method: request.method ?? 'GET',
          path: request.path ?? '/',
          headers: request.headers,
          body: request.body,
        });
        const body = await response.body.text();
        latencies.push(performance.now() - sent);
        if (response.statusCode < 200 || response.statusCode >= 300) errors++;
        if (typeof step.onResponse === 'function')
          step.onResponse(response.statusCode, body, context, response.headers);
      } catch {
        errors++;
        return;
      }
    }
  };

  const interval = (1000 * requests.length) / options.rate;
  const count = Math.max(1, Math.floor((options.seconds * 1000) / interval));
  const started = performance.now();
  const sequences: Promise<void>[] = [];
  while (sequences.length < count) {
    if (started + sequences.length * interval <= performance.now()) sequences.push(sequence());
    else await sleep(1);
  }
  await Promise.all(sequences);
  const elapsedSeconds = (performance.now() - started) / 1000;
  await pool.close();
  return {
    achievedRate: Math.round(latencies.length / elapsedSeconds),
    p50: round2(percentile(latencies, 0.5)),
    p99: round2(percentile(latencies, 0.99)),
    errors,
  } satisfies OpenLoopMeasure;
}
