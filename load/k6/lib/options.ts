import { generatorThresholds } from '../../src/budgets.ts';

// Options every script shares: p99 in the trend summaries (thresholds are on p95/p99, never on
// averages). Streaming scripts also carry the pacing-lag threshold that voids a run whose
// generator fell behind (request/response scripts have no pacing to lag).

export const SUMMARY_TREND_STATS = ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)'];

export function baseOptions(
  scenarios: Record<string, object>,
  thresholds: Record<string, unknown>,
  kind: 'stream' | 'request' = 'request',
) {
  return {
    scenarios,
    thresholds: kind === 'stream' ? { ...generatorThresholds, ...thresholds } : thresholds,
    summaryTrendStats: SUMMARY_TREND_STATS,
  };
}
