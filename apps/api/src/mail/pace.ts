import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A gate that lets one caller through each `1 / perSecond` seconds: awaiting it before each send
 * holds a worker to `perSecond` sends a second however fast they go, and never delays one that
 * comes after a pause.
 */
export function pace(perSecond: number) {
  const gapMs = 1000 / perSecond;
  let nextAt = 0;
  return async () => {
    const now = performance.now();
    const waitMs = nextAt - now;
    nextAt = Math.max(now, nextAt) + gapMs;
    if (waitMs > 0) await sleep(waitMs);
  };
}
