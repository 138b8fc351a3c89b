import { describe, expect, it } from 'vitest';
import {
  capacityLevels,
  describeCapacity,
  judgeLevel,
  type LevelStats,
  levelStats,
  levelStatsFromSummary,
  levelThresholds,
  percentile,
  searchCapacity,
} from './capacity-search.ts';
import type { SessionReport } from './stream-session.ts';

const held = (level: number, over: Partial<LevelStats> = {}): LevelStats => ({
  level,
  sessions: level,
  finished: level,
  lostFinals: 0,
  firstInterimP95Ms: 400,
  finalizeP95Ms: 900,
  pacingLagP95Ms: 2,
  ...over,
});

describe('capacity search', () => {
  it('steps levels from start by step up to max', () => {
    expect(capacityLevels(2, 2, 9)).toEqual([2, 4, 6, 8]);
    expect(() => capacityLevels(0, 1, 4)).toThrow(/bad capacity levels/);
  });

  it('reports the highest level held, stopping at the first that fails', () => {
    const result = searchCapacity([held(2), held(4), held(6, { finished: 5 }), held(8)]);
    expect(result.held).toBe(4);
    expect(result.stoppedBy).toBe('failed');
    expect(result.levels).toHaveLength(3);
    expect(result.levels[2]?.reasons).toEqual(['1 sessions not finished']);
    expect(describeCapacity(result)).toMatch(/capacity: 4 concurrent live streams/);
  });

  it('fails a level on lost finals or a slow finalize or first interim', () => {
    expect(judgeLevel(held(4, { lostFinals: 1 })).verdict).toBe('failed');
    expect(judgeLevel(held(4, { finalizeP95Ms: 5001 })).reasons).toEqual(['finalize p95 5001 ms']);
    expect(judgeLevel(held(4, { firstInterimP95Ms: Number.NaN })).verdict).toBe('failed');
    expect(judgeLevel(held(4, { sessions: 3, finished: 3 })).reasons).toEqual(['3 of 4 sessions ran']);
  });

  it('voids a level where the generator lagged: the figure is then a lower bound', () => {
    const result = searchCapacity([held(10), held(20, { pacingLagP95Ms: 80, finished: 0 })]);
    expect(result).toMatchObject({ held: 10, stoppedBy: 'void' });
    expect(describeCapacity(result)).toMatch(/lower bound/);
  });

  it('says to raise the maximum when every level was held', () => {
    expect(searchCapacity([held(1), held(2)])).toMatchObject({ held: 2, stoppedBy: 'max-level' });
  });

  it('computes a level from session reports', () => {
    const report = (over: Partial<SessionReport>): SessionReport => ({
      phase: 'closed',
      finished: true,
      lostFinal: false,
      interims: 3,
      finals: 1,
      transcriptLagMs: [],
      pacingLagMs: [0, 1, 2],
      framesSent: 10,
      unknownFrames: 0,
      firstInterimMs: 300,
      endToFinishedMs: 500,
      ...over,
    });
    const stats = levelStats(2, [
      report({}),
      report({ finished: false, lostFinal: true, endToFinishedMs: undefined, pacingLagMs: [40] }),
    ]);
    expect(stats).toEqual({
      level: 2,
      sessions: 2,
      finished: 1,
      lostFinals: 1,
      firstInterimP95Ms: 300,
      finalizeP95Ms: 500,
      pacingLagP95Ms: 40,
    });
    expect(percentile([], 95)).toBeNaN();
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
  });

  it('reads a level from the k6 summary submetrics its thresholds name', () => {
    const names = Object.keys(levelThresholds(4));
    expect(names).toContain('parley_stream_end_to_finished_ms{level:4}');
    const metrics = {
      'parley_stream_finished{level:4}': { values: { passes: 3, fails: 1, rate: 0.75 } },
      'parley_stream_lost_finals{level:4}': { values: { count: 0 } },
      'parley_stream_first_interim_ms{level:4}': { values: { 'p(95)': 410 } },
      'parley_stream_end_to_finished_ms{level:4}': { values: { 'p(95)': 950 } },
      'parley_pacing_lag_ms{level:4}': { values: { 'p(95)': 3 } },
    };
    expect(levelStatsFromSummary(metrics, 4)).toEqual(
      held(4, { finished: 3, firstInterimP95Ms: 410, finalizeP95Ms: 950, pacingLagP95Ms: 3 }),
    );
  });
});
