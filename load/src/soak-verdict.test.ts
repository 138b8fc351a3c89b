import { describe, expect, it } from 'vitest';
import { judgeSeries, judgeSoak, median, type Series, type SeriesKind, SOAK_BOUNDS } from './soak-verdict.js';

// Synthetic series sampled every 30 s for 30 minutes, warm-up 5 minutes: flat passes, a slope fails,
// noise within the tolerance passes, noise past it fails, too few samples fail (a rare route is not judged).

const WARMUP_S = 300;
const MiB = 1024 * 1024;

function series(kind: SeriesKind, value: (i: number) => number, minutes = 30): Series {
  const points = Array.from({ length: (minutes * 60) / 30 + 1 }, (_, i) => ({ t: i * 30, v: value(i) }));
  return { name: kind, kind, unit: kind === 'rss' || kind === 'heap' ? 'bytes' : 'count', points };
}

/** A fixed pseudo-random sequence in [-1, 1] (tests must not depend on Math.random). */
const noise = (i: number) => Math.sin(i * 12.9898) * 0.999;

describe('the soak verdict', () => {
  it('a flat series passes', () => {
    const v = judgeSeries(
      series('rss', () => 300 * MiB),
      WARMUP_S,
    );
    expect(v.pass).toBe(true);
    expect(v.baseline).toBe(300 * MiB);
    expect(v.late).toBe(300 * MiB);
    expect(v.limit).toBeCloseTo(330 * MiB);
  });

  it('a slope fails: RSS growing 1 MiB a sample passes 10 % within the run', () => {
    const v = judgeSeries(
      series('rss', (i) => 300 * MiB + i * MiB),
      WARMUP_S,
    );
    expect(v.pass).toBe(false);
    expect(v.reason).toMatch(/^past bound/);
  });

  it('a slope too small to pass the bound in the run passes (the bound, not the sign, decides)', () => {
    expect(
      judgeSeries(
        series('rss', (i) => 300 * MiB + i * 0.2 * MiB),
        WARMUP_S,
      ).pass,
    ).toBe(true);
  });

  it('growth during warm-up is not counted', () => {
    const v = judgeSeries(
      series('rss', (i) => (i < 10 ? 100 * MiB + i * 20 * MiB : 300 * MiB)),
      WARMUP_S,
    );
    expect(v.pass).toBe(true);
  });

  it('noise within the tolerance passes; the same noise on a rising line fails', () => {
    const heap = (i: number) => 60 * MiB + noise(i) * 12 * MiB;
    expect(judgeSeries(series('heap', heap), WARMUP_S).pass).toBe(true);
    expect(
      judgeSeries(
        series('heap', (i) => heap(i) + i * MiB),
        WARMUP_S,
      ).pass,
    ).toBe(false);
  });

  it('descriptors: flat within 8 passes, one more per minute fails', () => {
    const fds = (i: number) => 40 + Math.round(noise(i) * 6);
    expect(judgeSeries(series('fds', fds), WARMUP_S).pass).toBe(true);
    expect(
      judgeSeries(
        series('fds', (i) => fds(i) + Math.floor(i / 2)),
        WARMUP_S,
      ).pass,
    ).toBe(false);
  });

  it('a route: one window past 5 × its median window fails (a stall), a sustained rise fails, noise passes', () => {
    const base = (i: number) => 20 + noise(i) * 5;
    const route = (value: (i: number) => number) => ({ ...series('routeP95', value), unit: 'ms' as const });
    const quiet = judgeSeries(route(base), WARMUP_S);
    expect(quiet.pass).toBe(true);
    expect(quiet.peakLimit).toBeCloseTo(
      5 *
        median(
          series('routeP95', base)
            .points.slice(10)
            .map((p) => p.v),
        ),
    );
    // A stall every 4 minutes (one 30 s window in 8): the medians do not move, the peak does.
    const stalls = judgeSeries(
      route((i) => (i % 8 === 7 ? 600 : base(i))),
      WARMUP_S,
    );
    expect(stalls.late).toBeLessThan(stalls.limit ?? 0);
    expect(stalls).toMatchObject({ pass: false, peak: 600 });
    expect(stalls.reason).toMatch(/peak 600\.0 ms at \d+ s past \d+\.\d ms/);
    // Just under 5 × the median passes; a window of a few ms over a median of 1 ms is under the floor.
    expect(
      judgeSeries(
        route((i) => (i === 55 ? 99 : 20)),
        WARMUP_S,
      ).pass,
    ).toBe(true);
    expect(
      judgeSeries(
        route((i) => (i === 55 ? 101 : 20)),
        WARMUP_S,
      ).pass,
    ).toBe(false);
    expect(
      judgeSeries(
        route((i) => (i === 55 ? 40 : 1)),
        WARMUP_S,
      ).pass,
    ).toBe(true);
    const rise = (i: number) => (i > 40 ? 200 : base(i));
    expect(judgeSeries(route(rise), WARMUP_S).pass).toBe(false);
  });

  it('the event loop: any window after warm-up past 50 ms fails, one during warm-up does not', () => {
    const loop = (value: (i: number) => number) => ({
      ...series('eventLoopP99', value),
      unit: 'ms' as const,
    });
    expect(
      judgeSeries(
        loop((i) => 12 + noise(i) * 4),
        WARMUP_S,
      ),
    ).toMatchObject({ pass: true, peakLimit: 50 });
    expect(
      judgeSeries(
        loop((i) => (i === 3 ? 900 : 12)),
        WARMUP_S,
      ).pass,
    ).toBe(true);
    const blocked = judgeSeries(
      loop((i) => (i === 30 ? 271 : 12)),
      WARMUP_S,
    );
    expect(blocked).toMatchObject({ pass: false, peak: 271, late: 12 });
    expect(
      judgeSeries(
        loop(() => 50),
        WARMUP_S,
      ).pass,
    ).toBe(true);
    expect(
      judgeSeries(
        loop((i) => (i === 30 ? 50.5 : 12)),
        WARMUP_S,
      ).pass,
    ).toBe(false);
    expect(judgeSoak([loop((i) => (i === 30 ? 271 : 12))], WARMUP_S).pass).toBe(false);
  });

  it('too few samples after warm-up fail a process figure; a rare route is not judged', () => {
    const v = judgeSeries(
      series('rss', () => MiB, 7),
      WARMUP_S,
    );
    expect(v.samples).toBe(5);
    expect(v).toMatchObject({ pass: false, judged: false });
    expect(v.reason).toMatch(/needs at least 6/);
    const rare: Series = { ...series('routeP95', () => 900, 7), unit: 'ms' };
    expect(judgeSeries(rare, WARMUP_S)).toMatchObject({ pass: true, judged: false });
    expect(judgeSeries(rare, WARMUP_S).reason).toMatch(/^not judged/);
    // A run in which nothing could be judged does not pass.
    expect(judgeSoak([rare], WARMUP_S).pass).toBe(false);
  });

  it('the run passes only when every series does, and never with none', () => {
    const flat = series('handles', () => 30);
    const leak = series('rss', (i) => 200 * MiB + i * 4 * MiB);
    expect(judgeSoak([flat], WARMUP_S).pass).toBe(true);
    const both = judgeSoak([flat, leak], WARMUP_S);
    expect(both.pass).toBe(false);
    expect(both.series.map((s) => s.pass)).toEqual([true, false]);
    expect(judgeSoak([], WARMUP_S).pass).toBe(false);
  });

  it('every kind has a bound that says why', () => {
    for (const bound of Object.values(SOAK_BOUNDS)) expect(bound.why.length).toBeGreaterThan(10);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });
});
