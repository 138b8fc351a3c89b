// Time as the server sees it, injected so tests can fix it. Microseconds since the epoch: every
// stored timestamp has microsecond precision (see store/stamps.ts for why that matters).

export interface Clock {
  nowMicros(): number;
}

/**
 * Wall-clock milliseconds plus the sub-millisecond part of the monotonic clock, never going back.
 * The second term is not wall time, but it spreads stamps taken in the same millisecond (by this or
 * another server process) over the microsecond range, which makes stamp collisions between
 * processes rare. Its wrap is not in phase with the wall clock's millisecond, so the sum alone steps
 * back by up to a millisecond about once a millisecond: a job stamped due "now" was then not yet
 * due a moment later. Each reading is therefore at least the one before.
 */
let lastMicros = 0;
export const systemClock: Clock = {
  nowMicros: () => {
    const now = Date.now() * 1000 + Number((process.hrtime.bigint() / 1000n) % 1000n);
    lastMicros = Math.max(lastMicros, now);
    return lastMicros;
  },
};

/** A clock that only moves when told to; starts at `startMicros`. */
export function manualClock(startMicros = Date.UTC(2024, 4, 2, 9, 30) * 1000): Clock & {
  advance(micros: number): void;
} {
  let now = startMicros;
  return {
    nowMicros: () => now,
    advance: (micros) => {
      now += micros;
    },
  };
}
