import { createHash } from 'node:crypto';

// Seeded randomness: each check draws from its own stream, seeded by the run's seed and the check's
// id, so the same seed sends the same generated inputs whatever else runs (and `replay` of one check
// repeats them exactly).

export interface Rng {
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
}

export function rngFor(seed: number, stream: string): Rng {
  let state = createHash('sha256').update(`${seed}:${stream}`).digest().readUInt32LE(0);
  // mulberry32: small, fast, good enough for choosing test inputs (not for secrets).
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    int,
    pick: (items) => items[int(0, items.length - 1)] as (typeof items)[number],
    shuffle(items) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy;
    },
  };
}
