import type { Threshold } from '../src/budgets.js';
import { percentile } from '../src/capacity-search.js';
import { RATES, TRENDS } from '../src/metric-names.js';
import { parseKey } from '../src/sample-gates.js';
import type { Sample } from '../src/session-samples.js';
import type { SummaryData, SummaryMetric } from '../src/text-summary.js';

// Test support: a run's verdict as k6 gives it, from the samples the scripts add (session-samples.ts)
// and the thresholds of their options, so the tests can judge what k6 would without k6. It follows
// what k6 v2.2.0 does, checked with the real binary: a submetric `name{a:b}` holds the samples of
// `name` whose tags include a:b; an empty trend reads 0 for every statistic (and is judged on
// that: `p(95)<3000` passes, `max>0` fails); an empty rate passes every threshold; an empty
// counter counts 0; a trend threshold cannot read `count`.

type Kind = SummaryMetric['type'];

function kindOf(metric: string): Kind {
  if (metric === 'http_req_duration' || TRENDS.includes(metric)) return 'trend';
  if (RATES.includes(metric)) return 'rate';
  return 'counter';
}

function values(kind: Kind, xs: number[]): Record<string, number> {
  if (kind === 'counter') return { count: xs.reduce((a, b) => a + b, 0) };
  if (kind === 'rate') {
    const passes = xs.filter((x) => x !== 0).length;
    return { rate: xs.length ? passes / xs.length : 0, passes, fails: xs.length - passes };
  }
  if (xs.length === 0) return { avg: 0, min: 0, med: 0, max: 0, 'p(90)': 0, 'p(95)': 0, 'p(99)': 0 };
  return {
    avg: xs.reduce((a, b) => a + b, 0) / xs.length,
    min: Math.min(...xs),
    med: percentile(xs, 50),
    max: Math.max(...xs),
    'p(90)': percentile(xs, 90),
    'p(95)': percentile(xs, 95),
    'p(99)': percentile(xs, 99),
  };
}

const OPS: Record<string, (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '==': (a, b) => a === b,
  '===': (a, b) => a === b,
  '!=': (a, b) => a !== b,
};

function judge(kind: Kind, stats: Record<string, number>, held: number, expression: string): boolean {
  const m = /^(\w+|p\([\d.]+\))\s*(<=|>=|===|==|!=|<|>)\s*(-?[\d.]+)$/.exec(expression.trim());
  if (!m) throw new Error(`threshold ${expression} is not one this support reads`);
  const [, stat = '', op = '', bound = ''] = m;
  if (kind === 'trend' && !['avg', 'min', 'max', 'med'].includes(stat) && !stat.startsWith('p('))
    throw new Error(`k6 refuses ${expression} on a trend`);
  if (kind === 'rate' && held === 0) return true;
  return (OPS[op] ?? (() => false))(stats[stat] ?? 0, Number(bound));
}

/** The summary k6 would hand to handleSummary for these thresholds and samples (the gated metrics). */
export function k6Summary(thresholds: Record<string, Threshold[]>, samples: readonly Sample[]): SummaryData {
  const metrics: Record<string, SummaryMetric> = {};
  for (const [key, gates] of Object.entries(thresholds)) {
    const { metric, tags } = parseKey(key);
    const kind = kindOf(metric);
    const xs = samples
      .filter((s) => s.metric === metric && tags.every(([k, v]) => s.tags[k] === v))
      .map((s) => Number(s.value));
    const stats = values(kind, xs);
    const results: Record<string, { ok: boolean }> = {};
    for (const gate of gates) {
      const expression = typeof gate === 'string' ? gate : gate.threshold;
      results[expression] = { ok: judge(kind, stats, xs.length, expression) };
    }
    metrics[key] = { type: kind, values: stats, thresholds: results };
  }
  return { metrics };
}
