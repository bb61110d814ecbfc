import { describe, expect, it } from 'vitest';
import { createDecodeGate } from '../../src/media/decode-gate.js';

/** A decode that ends when the test says so, and tells whether it ever started. */
function heldDecode() {
  const decode = {
    started: false,
    finish: () => {},
    run: () =>
      new Promise<void>((resolve) => {
        decode.started = true;
        decode.finish = resolve;
      }),
  };
  return decode;
}

// Over HTTP a test cannot know when an upload has reached the queue; here it can.
describe('createDecodeGate', () => {
  it('never runs a waiting decode whose client has gone, and gives its place to the next', async () => {
    const gate = createDecodeGate({ atOnce: 1, queueLength: 1 });
    const [first, abandoned, next] = [heldDecode(), heldDecode(), heldDecode()];
    const client = new AbortController();
    const running = gate.run(first.run);
    const waiting = gate.run(abandoned.run, client.signal);

    const gone = new Error('the client has gone');
    client.abort(gone);
    await expect(waiting).rejects.toBe(gone);
    const admitted = gate.run(next.run);
    first.finish();
    await running;
    await expect.poll(() => next.started).toBe(true);
    next.finish();
    await admitted;
    expect(abandoned.started).toBe(false);
  });
});
