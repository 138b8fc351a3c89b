// Time as the server sees it, injected so tests can fix it. Microseconds since the epoch: every
// stored timestamp has microsecond precision (see store/stamps.ts for why that matters).

export interface Clock {
  nowMicros(): number;
}

/**
 * Wall-clock milliseconds plus the sub-millisecond part of the monotonic clock. The second term is
 * not wall time, but it spreads stamps taken in the same millisecond (by this or another server
 * process) over the microsecond range, which makes stamp collisions between processes rare.
 */
export const systemClock: Clock = {
  nowMicros: () => Date.now() * 1000 + Number((process.hrtime.bigint() / 1000n) % 1000n),
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
