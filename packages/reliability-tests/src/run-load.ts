import { keepAliveAgent, type LoadRequest, type Outcome, send } from './send.js';
import type { LoadResult, Tallied } from './tally.js';

export type Step = {
  /** What the request is, for the tally (`read poem`, `like`, ...). */
  name: string;
  request: LoadRequest;
  /** Sees the whole outcome, body included: to keep the books of what the server was sent. */
  onOutcome?: (outcome: Outcome) => void;
};

export type LoadOptions = {
  baseUrl: string;
  /** Simultaneous connections, each with one request in flight at a time (keep-alive sockets). */
  connections: number;
  /** The run ends after this long, after `maxRequests` requests, or when `stopWhen` says so. */
  durationMs: number;
  maxRequests?: number;
  stopWhen?: () => boolean;
  /** The next request of connection `index` (0 to connections - 1). */
  nextStep: (index: number) => Step;
  /** Sees every outcome after its step's own `onOutcome`. */
  onOutcome?: (outcome: Outcome, step: Step) => void;
};

/**
 * Drives the server with `connections` loops, each sending its next request as soon as the last
 * one is answered (or dropped), over a keep-alive agent with as many sockets. Bounded by time and
 * count, so it always ends; answers every request's outcome.
 */
export async function runLoad({
  baseUrl,
  connections,
  durationMs,
  maxRequests = Number.POSITIVE_INFINITY,
  stopWhen = () => false,
  nextStep,
  onOutcome,
}: LoadOptions): Promise<LoadResult> {
  const agent = keepAliveAgent(connections);
  const records: Tallied[] = [];
  const started = performance.now();
  const deadline = started + durationMs;
  let sent = 0;

  const loop = async (index: number) => {
    while (performance.now() < deadline && sent < maxRequests && !stopWhen()) {
      sent += 1;
      const step = nextStep(index);
      const outcome = await send(agent, baseUrl, step.request);
      const { startedAt, endedAt, status, error, reusedSocket } = outcome;
      records.push({ name: step.name, startedAt, endedAt, status, error, reusedSocket });
      step.onOutcome?.(outcome);
      onOutcome?.(outcome, step);
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, (_, index) => loop(index)));
  } finally {
    agent.destroy();
  }
  return { records, elapsedMs: performance.now() - started };
}
