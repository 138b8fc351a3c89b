import type { SummaryData, SummaryMetric } from './text-summary.js';

// Merges the JSON summaries of several k6 instances that ran the same script at the same time (one
// share of the load each). Counts and rates add up exactly. Trend percentiles cannot be merged
// from summaries: the merged p95 is the worst instance's, an upper bound of the true one, and the
// average is the mean of the instances' averages. For exact percentiles across machines, stream
// the raw samples to one output (k6-operator with Prometheus remote write, or --out json merged).

function mergeMetric(parts: SummaryMetric[]): SummaryMetric {
  const first = parts[0];
  if (!first) throw new Error('nothing to merge');
  const sum = (key: string) => parts.reduce((n, p) => n + (p.values[key] ?? 0), 0);
  const max = (key: string) => Math.max(...parts.map((p) => p.values[key] ?? Number.NEGATIVE_INFINITY));
  let values: Record<string, number>;
  if (first.type === 'counter') values = { count: sum('count'), rate: sum('rate') };
  else if (first.type === 'rate') {
    const passes = sum('passes');
    const fails = sum('fails');
    values = { passes, fails, rate: passes + fails === 0 ? 0 : passes / (passes + fails) };
  } else if (first.type === 'gauge')
    values = { value: sum('value'), min: Math.min(...parts.map((p) => p.values.min ?? 0)), max: max('max') };
  else {
    values = {};
    for (const key of Object.keys(first.values)) {
      values[key] =
        key === 'min'
          ? Math.min(...parts.map((p) => p.values.min ?? Number.POSITIVE_INFINITY))
          : key === 'avg'
            ? sum('avg') / parts.length
            : max(key);
    }
  }
  const merged: SummaryMetric = { type: first.type, values };
  if (first.contains) merged.contains = first.contains;
  const expressions = new Set(parts.flatMap((p) => Object.keys(p.thresholds ?? {})));
  if (expressions.size > 0) {
    merged.thresholds = {};
    for (const e of expressions)
      merged.thresholds[e] = { ok: parts.every((p) => p.thresholds?.[e]?.ok !== false) };
  }
  return merged;
}

export function mergeSummaries(
  summaries: readonly SummaryData[],
): SummaryData & { merged: { instances: number } } {
  if (summaries.length === 0) throw new Error('no summaries to merge');
  const names = new Set(summaries.flatMap((s) => Object.keys(s.metrics)));
  const metrics: Record<string, SummaryMetric> = {};
  for (const name of names) {
    const parts = summaries.map((s) => s.metrics[name]).filter((m): m is SummaryMetric => m !== undefined);
    const types = new Set(parts.map((p) => p.type));
    if (types.size > 1) throw new Error(`metric ${name} has different types across summaries`);
    metrics[name] = mergeMetric(parts);
  }
  const durations = summaries.map((s) => s.state?.testRunDurationMs ?? 0);
  return {
    metrics,
    state: { testRunDurationMs: Math.max(...durations) },
    merged: { instances: summaries.length },
  };
}
