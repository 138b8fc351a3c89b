import type { Threshold } from '../../src/budgets.js';
import { runThresholds, type ScriptKind } from '../../src/run-thresholds.js';

// Options every script shares: p99 in the trend summaries (thresholds are on p95/p99, never on
// averages), and the thresholds of its kind with every gate's count gate (src/run-thresholds.ts).

export const SUMMARY_TREND_STATS = ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)'];

export function baseOptions(
  scenarios: Record<string, object>,
  thresholds: Record<string, Threshold[]>,
  kind: ScriptKind,
) {
  return { scenarios, thresholds: runThresholds(kind, thresholds), summaryTrendStats: SUMMARY_TREND_STATS };
}
