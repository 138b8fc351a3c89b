import { describe, expect, it } from 'vitest';
import { closeKind } from './close-code.js';
import { mergeSummaries } from './summary-merge.js';
import { failedThresholds, type SummaryData, textSummary } from './text-summary.js';

const instance = (finished: [number, number], p95: number, ok: boolean): SummaryData => ({
  metrics: {
    parley_stream_finished: {
      type: 'rate',
      values: { rate: finished[0] / (finished[0] + finished[1]), passes: finished[0], fails: finished[1] },
    },
    parley_stream_end_to_finished_ms: {
      type: 'trend',
      contains: 'time',
      values: { avg: p95 / 2, min: 10, med: p95 / 2, max: p95 * 2, 'p(95)': p95, 'p(99)': p95 + 1 },
      thresholds: { 'p(95)<5000': { ok } },
    },
    parley_stream_lost_finals: { type: 'counter', values: { count: 1, rate: 0.1 } },
    vus: { type: 'gauge', values: { value: 5, min: 0, max: 5 } },
  },
  state: { testRunDurationMs: 1000 },
});

describe('summaries', () => {
  it('prints every metric with its thresholds and lists the failed ones', () => {
    const text = textSummary(instance([9, 1], 6000, false), 'parley stt-stream');
    expect(text).toMatch(/parley_stream_finished\s+90\.00% \(9 of 10\)/);
    expect(text).toMatch(/p\(95\)=6000ms .*✗ p\(95\)<5000/);
    expect(text).toMatch(/1 threshold\(s\) failed/);
    expect(failedThresholds(instance([1, 0], 10, true))).toEqual([]);
  });

  it('merges instances: counts and rates exactly, percentiles as the worst instance', () => {
    const merged = mergeSummaries([
      instance([9, 1], 900, true),
      instance([10, 0], 1200, true),
      instance([5, 5], 700, false),
    ]);
    expect(merged.merged.instances).toBe(3);
    expect(merged.metrics.parley_stream_finished?.values).toEqual({ passes: 24, fails: 6, rate: 0.8 });
    expect(merged.metrics.parley_stream_lost_finals?.values.count).toBe(3);
    expect(merged.metrics.vus?.values.value).toBe(15);
    const trend = merged.metrics.parley_stream_end_to_finished_ms;
    expect(trend?.values['p(95)']).toBe(1200);
    expect(trend?.values.min).toBe(10);
    expect(trend?.values.avg).toBeCloseTo((450 + 600 + 350) / 3);
    expect(trend?.thresholds?.['p(95)<5000']?.ok).toBe(false);
    expect(() => mergeSummaries([])).toThrow(/no summaries/);
  });

  it('sorts close codes into the kinds the summary counts', () => {
    expect(closeKind(1000)).toBe('normal');
    expect(closeKind(1008)).toBe('auth');
    expect(closeKind(undefined)).toBe('abnormal');
    expect(closeKind(1006)).toBe('abnormal');
    expect(closeKind(4503)).toBe('server_error');
    expect(closeKind(1011)).toBe('server_error');
    expect(closeKind(4400)).toBe('client_error');
    expect(closeKind(3000)).toBe('other');
  });
});
