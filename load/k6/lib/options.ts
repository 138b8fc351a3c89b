import { arrivalThresholds, Budget, generatorThresholds, type Threshold } from '../../src/budgets.ts';

// Options every script shares: p99 in the trend summaries (thresholds are on p95/p99, never on
// averages). Streaming scripts carry the pacing-lag threshold that voids a run whose generator
// fell behind; open-model scripts fail on dropped iterations (load the server never got); all on
// the share of checks that passed.

export const SUMMARY_TREND_STATS = ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)'];

export function baseOptions(
  scenarios: Record<string, object>,
  thresholds: Record<string, Threshold[]>,
  kind: 'stream' | 'arrival' | 'closed',
) {
  const shared =
    kind === 'stream'
      ? generatorThresholds
      : kind === 'arrival'
        ? arrivalThresholds
        : { checks: [`rate>=${Budget.checksRate}`] };
  return {
    scenarios,
    thresholds: { ...shared, ...thresholds },
    summaryTrendStats: SUMMARY_TREND_STATS,
  };
}
