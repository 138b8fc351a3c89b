import { describe, expect, it } from 'vitest';
import { k6Summary } from '../test-support/k6-thresholds.js';
import { MIN_SAMPLES } from './budgets.js';
import {
  capacityLevels,
  describeCapacity,
  gateLevels,
  judgeLevel,
  type LevelStats,
  levelPlan,
  levelStats,
  levelStatsFromSummary,
  levelThresholds,
  percentile,
  roundsFor,
  searchCapacity,
  sessionBreaksLevel,
} from './capacity-search.js';
import { withSampleGates } from './sample-gates.js';
import { sessionSamples } from './session-samples.js';
import type { SessionReport } from './stream-session.js';
import { failedThresholds } from './text-summary.js';

const held = (level: number, over: Partial<LevelStats> = {}): LevelStats => ({
  level,
  planned: level,
  sessions: level,
  finished: level,
  lostFinals: 0,
  firstInterimStat: 'max',
  firstInterimMs: 400,
  finalizeStat: 'max',
  finalizeMs: 900,
  pacingLagP95Ms: 2,
  samples: { firstInterim: level, finalize: level, pacingLag: 100 * level },
  ...over,
});

const report = (over: Partial<SessionReport> = {}): SessionReport => ({
  phase: 'closed',
  finished: true,
  lostFinal: false,
  interims: 3,
  finals: 1,
  firstResultMs: [300],
  turnFinalMs: [200],
  transcript: '',
  pacingLagMs: [0, 1, 2],
  framesSent: 10,
  unknownFrames: 0,
  endToFinishedMs: 500,
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

  it('fails a level on lost finals, a slow finalize or first interim, or sessions that never ran', () => {
    expect(judgeLevel(held(4, { lostFinals: 1 })).verdict).toBe('failed');
    expect(judgeLevel(held(4, { finalizeMs: 5001 })).reasons).toEqual(['finalize max 5001 ms']);
    expect(judgeLevel(held(4, { firstInterimMs: Number.NaN })).verdict).toBe('failed');
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

  it('runs at least the minimum sessions per level, in whole sessions per client', () => {
    expect(roundsFor(1, 5)).toBe(5);
    expect(roundsFor(2, 5)).toBe(3);
    expect(roundsFor(8, 5)).toBe(1);
    expect(levelPlan(2, 5, 6)).toEqual({ sessions: 6, turns: 6 });
  });

  it('computes percentiles as k6 does (linear between ranks)', () => {
    expect(percentile([], 95)).toBeNaN();
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([1, 2, 3, 4, 5], 95)).toBeCloseTo(4.8);
  });

  it('gates on the max below MIN_SAMPLES and on p95 from there', () => {
    const few = levelPlan(2, 2, 1);
    const stats = levelStats(2, few, [report({ firstResultMs: [100] }), report({ firstResultMs: [2500] })]);
    expect(stats).toMatchObject({ planned: 2, sessions: 2, firstInterimStat: 'max', firstInterimMs: 2500 });
    expect(judgeLevel(stats).verdict).toBe('failed');
    const many = levelPlan(MIN_SAMPLES['p(95)'], 1, 1);
    const reports = Array.from({ length: 20 }, (_, i) => report({ firstResultMs: [i === 0 ? 2500 : 300] }));
    const p95 = levelStats(20, many, reports);
    expect(p95.firstInterimStat).toBe('p(95)');
    expect(judgeLevel(p95).verdict).toBe('held');
  });

  it('knows from one session when it already breaks its level, so the run can stop', () => {
    const plan = levelPlan(2, 2, 1);
    expect(sessionBreaksLevel(report(), plan)).toBe(false);
    expect(sessionBreaksLevel(report({ finished: false }), plan)).toBe(true);
    expect(sessionBreaksLevel(report({ lostFinal: true }), plan)).toBe(true);
    expect(sessionBreaksLevel(report({ firstResultMs: [2100] }), plan)).toBe(true);
    expect(sessionBreaksLevel(report({ endToFinishedMs: 5100 }), plan)).toBe(true);
    // On p95 one slow session decides nothing alone.
    expect(sessionBreaksLevel(report({ firstResultMs: [2100] }), levelPlan(20, 1, 1))).toBe(false);
  });

  it('gates CAPACITY_MIN on the levels up to the first at or above it', () => {
    expect(gateLevels([2, 4, 6], 3)).toEqual([2, 4]);
    expect(gateLevels([2, 4, 6], 4)).toEqual([2, 4]);
    expect(() => gateLevels([2, 4], 5)).toThrow(/above the highest level 4/);
  });

  it('thresholds that fail exactly when the verdict does, read back from the summary', () => {
    const plan = levelPlan(4, 5, 1);
    const thresholds = withSampleGates(levelThresholds(4, plan));
    expect(thresholds).toMatchObject({
      'parley_capacity_sessions{level:4}': ['count>=8'],
      'parley_capacity_not_held{level:4}': [{ threshold: 'count<1', abortOnFail: true }],
      'parley_stream_finished{level:4}': ['rate>=1'],
      'parley_stream_first_interim_ms{level:4}': ['max<=2000'],
      'parley_stream_end_to_finished_ms{level:4}': ['max<=5000'],
      // Every gated figure must have been measured: k6 would pass an empty one.
      'parley_samples{metric:parley_stream_first_interim_ms,level:4}': ['count>=1'],
      'parley_samples{metric:parley_stream_end_to_finished_ms,level:4}': ['count>=1'],
      'parley_samples{metric:parley_pacing_lag_ms,level:4}': ['count>=20'],
      'parley_samples{metric:parley_stream_finished,level:4}': ['count>=1'],
    });
  });

  it('reads the same level from a k6 summary as from the session reports (probe and k6 agree)', () => {
    const plan = levelPlan(3, 5, 1);
    const reports = [300, 900, 450, 1200, 700, 650].map((ms, i) =>
      report({ firstResultMs: [ms], endToFinishedMs: 2000 + i * 100, pacingLagMs: [i, i * 2, 1, 1] }),
    );
    reports.push(report({ finished: false, lostFinal: true, firstResultMs: [], endToFinishedMs: undefined }));
    // What k6 hands handleSummary: the level's thresholds judged on the samples the script adds.
    const samples = reports.flatMap((r) => sessionSamples(r, { level: '3' }));
    const summary = k6Summary(withSampleGates(levelThresholds(3, plan)), samples);
    const fromSummary = levelStatsFromSummary(summary.metrics, 3, plan);
    expect(fromSummary).toEqual(levelStats(3, plan, reports));
    expect(judgeLevel(fromSummary)).toEqual(judgeLevel(levelStats(3, plan, reports)));
    expect(judgeLevel(fromSummary).verdict).toBe('failed');
  });

  it('fails a level whose figure was never measured, in k6 and in the probe alike', () => {
    const plan = levelPlan(2, 2, 1);
    // Sessions that finished and lost nothing, but no result ever came: no first interim at all.
    const lags = Array.from({ length: 20 }, () => 1);
    const reports = [0, 1].map(() => report({ firstResultMs: [], pacingLagMs: lags }));
    const stats = levelStats(2, plan, reports);
    expect(judgeLevel(stats)).toMatchObject({
      verdict: 'failed',
      reasons: ['first interim never measured (0 samples; its max gate needs at least 1)'],
    });
    // As k6/capacity.ts adds them: each session's samples and the level's session count.
    const samples = reports.flatMap((r) => [
      ...sessionSamples(r, { level: '2' }),
      { metric: 'parley_capacity_sessions', value: 1, tags: { level: '2' } },
    ]);
    const thresholds = levelThresholds(2, plan);
    // k6 alone passes the empty trend; its count gate is what fails.
    const bare = k6Summary(thresholds, samples);
    expect(failedThresholds(bare)).toEqual([]);
    const gated = k6Summary(withSampleGates(thresholds), samples);
    expect(failedThresholds(gated)).toEqual([
      'parley_samples{metric:parley_stream_first_interim_ms,level:2}: count>=1 — parley_stream_first_interim_ms{level:2} was never measured (0 samples; its gate needs at least 1)',
    ]);
    expect(judgeLevel(levelStatsFromSummary(gated.metrics, 2, plan))).toEqual(judgeLevel(stats));
  });
});
