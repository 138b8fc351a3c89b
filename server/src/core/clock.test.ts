import { describe, expect, it } from 'vitest';
import { systemClock } from './clock.js';

describe('system clock', () => {
  it('never goes back, and stays within a few milliseconds of the wall clock', () => {
    // Wall milliseconds plus a sub-millisecond part that wraps out of phase with them stepped back
    // by up to ~1 ms about once a millisecond; 50 ms of readings cross ~50 such boundaries.
    // Each reading is compared with wall readings taken just before and after it, so a busy
    // machine that pauses the loop between two reads widens the bracket instead of failing.
    const until = Date.now() + 50;
    const readings: number[] = [];
    const outside: number[] = [];
    while (Date.now() < until) {
      const before = Date.now() * 1000;
      const now = systemClock.nowMicros();
      const after = Date.now() * 1000 + 1000;
      if (now < before - 1000 || now > after + 1000) outside.push(now - before);
      readings.push(now);
    }
    expect(readings.length).toBeGreaterThan(1_000);
    const backward = readings.filter((now, i) => i > 0 && now < (readings[i - 1] as number));
    expect(backward).toEqual([]);
    expect(outside).toEqual([]);
  });
});
