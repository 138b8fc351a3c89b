import { describe, expect, it } from 'vitest';
import { runArrivals } from './arrivals.js';

// The open-model loop: arrivals keep coming while earlier ones are unanswered, up to the cap; past
// it they are dropped and counted, never queued; it ends once the arrivals it started have ended.

describe('runArrivals', () => {
  it('starts arrivals without waiting for earlier ones, drops past the cap, waits for the started', async () => {
    let inFlight = 0;
    let most = 0;
    let dropped = 0;
    const started: number[] = [];
    const release: (() => void)[] = [];
    const loop = runArrivals({
      rate: 1000,
      stopAt: performance.now() + 100,
      maxInFlight: 3,
      onDropped: () => dropped++,
      arrive: (n) => {
        started.push(n);
        most = Math.max(most, ++inFlight);
        return new Promise<void>((resolve) =>
          release.push(() => {
            inFlight--;
            resolve();
          }),
        );
      },
    });
    let ended = false;
    void loop.then(() => {
      ended = true;
    });
    // Nothing is answered until the loop has stopped arriving: only the cap's worth ever started.
    await new Promise((wake) => setTimeout(wake, 200));
    expect(started).toEqual([0, 1, 2]);
    expect(most).toBe(3);
    expect(dropped).toBeGreaterThan(0);
    expect(ended).toBe(false);
    for (const done of release) done();
    await loop;
    expect(inFlight).toBe(0);
  });
});
