import { sampleGateProblem } from './sample-gates.js';

// The console text of a run, written by handleSummary (k6 prints nothing of its own once
// handleSummary exists, and its jslib text summary cannot be fetched here). One line per metric:
// its figures, then each threshold with ✓ or ✗.

export interface SummaryMetric {
  type: 'counter' | 'gauge' | 'rate' | 'trend';
  contains?: string;
  values: Record<string, number>;
  thresholds?: Record<string, { ok: boolean }>;
}

export interface SummaryData {
  metrics: Record<string, SummaryMetric>;
  state?: { testRunDurationMs?: number };
}

function figure(value: number | undefined, unit: string): string {
  if (value === undefined || Number.isNaN(value)) return '-';
  return `${Number.isInteger(value) ? value : value.toFixed(2)}${unit}`;
}

function describe(metric: SummaryMetric): string {
  const v = metric.values;
  const unit = metric.contains === 'time' ? 'ms' : '';
  if (metric.type === 'trend') {
    return ['avg', 'med', 'p(95)', 'p(99)', 'max']
      .filter((k) => k in v)
      .map((k) => `${k}=${figure(v[k], unit)}`)
      .join(' ');
  }
  if (metric.type === 'rate')
    return `${((v.rate ?? 0) * 100).toFixed(2)}% (${v.passes ?? 0} of ${(v.passes ?? 0) + (v.fails ?? 0)})`;
  if (metric.type === 'counter') return `count=${figure(v.count, '')} rate=${figure(v.rate, '/s')}`;
  return `value=${figure(v.value, unit)}`;
}

/**
 * Failed thresholds, as `metric: expression`; a failed count gate (sample-gates.ts) also says which
 * figure was never measured.
 */
export function failedThresholds(data: SummaryData): string[] {
  const failed: string[] = [];
  for (const [name, metric] of Object.entries(data.metrics)) {
    for (const [expression, result] of Object.entries(metric.thresholds ?? {})) {
      if (result.ok) continue;
      const problem = sampleGateProblem(name, expression, metric.values.count ?? 0);
      failed.push(`${name}: ${expression}${problem ? ` — ${problem}` : ''}`);
    }
  }
  return failed;
}

export function textSummary(data: SummaryData, title: string): string {
  const names = Object.keys(data.metrics).sort();
  const width = Math.min(60, Math.max(...names.map((n) => n.length), 10));
  const lines = [`\n  ${title}\n`];
  for (const name of names) {
    const metric = data.metrics[name];
    if (!metric) continue;
    const thresholds = Object.entries(metric.thresholds ?? {}).map(([t, r]) => `${r.ok ? '✓' : '✗'} ${t}`);
    lines.push(
      `  ${name.padEnd(width)}  ${describe(metric)}${thresholds.length ? `   [${thresholds.join(', ')}]` : ''}`,
    );
  }
  const failed = failedThresholds(data);
  lines.push('', failed.length === 0 ? '  all thresholds passed' : `  ${failed.length} threshold(s) failed:`);
  for (const f of failed) lines.push(`    ✗ ${f}`);
  return `${lines.join('\n')}\n`;
}
