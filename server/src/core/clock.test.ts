import { describe, expect, it } from 'vitest';
import { systemClock } from './clock.js';

describe('system clock', () => {
  it('never goes back, and stays within a few milliseconds of the wall clock', () => {
    // Wall milliseconds plus a sub-millisecond part that wraps out of phase with them stepped back
    // by up to ~1 ms about once a millisecond; 50 ms of readings cross ~50 such boundaries.
    const until = Date.now() + 50;
    const readings: number[] = [];
    let furthest = 0;
    while (Date.now() < until) {
      const now = systemClock.nowMicros();
      furthest = Math.max(furthest, Math.abs(now - Date.now() * 1000));
      readings.push(now);
    }
    expect(readings.length).toBeGreaterThan(1_000);
    const backward = readings.filter((now, i) => i > 0 && now < (readings[i - 1] as number));
    expect(backward).toEqual([]);
    expect(furthest).toBeLessThan(10_000);
  });
});
