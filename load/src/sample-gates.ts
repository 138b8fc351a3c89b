import { MIN_SAMPLES, type Threshold } from './budgets.js';
import { M, RATES, TRENDS } from './metric-names.js';

// k6 passes a threshold on a trend or a rate that got no sample: every statistic of an empty trend
// reads 0 (so `p(95)<3000` holds) and an empty rate passes whatever it asks (k6 v2.2.0, checked).
// A gate whose figure is never measured (no final ever arrived, no word was recognized, a journey
// never ran) could not fail. So every gated trend and rate gets a count gate beside it, on the
// samples counter (`parley_samples{metric:<name>,…its tags}`, bumped wherever a sample is added;
// for `http_req_duration` k6's own `http_reqs`): at least the samples its statistic needs (a
// percentile its MIN_SAMPLES, any other statistic one). Zero samples always fails.

/** A threshold key split into its metric and its tags: `name{a:b,c:d}`. */
export function parseKey(key: string): { metric: string; tags: [string, string][] } {
  const brace = key.indexOf('{');
  if (brace < 0) return { metric: key, tags: [] };
  const tags = key
    .slice(brace + 1, key.lastIndexOf('}'))
    .split(',')
    .filter((t) => t.length > 0)
    .map((t): [string, string] => {
      const colon = t.indexOf(':');
      return [t.slice(0, colon).trim(), t.slice(colon + 1).trim()];
    });
  return { metric: key.slice(0, brace), tags };
}

const expression = (t: Threshold) => (typeof t === 'string' ? t : t.threshold).trim();

/** Samples a metric's gates need: p(99) and above 100, another percentile 20, any other statistic 1. */
export function samplesNeeded(gates: readonly Threshold[]): number {
  let need = 1;
  for (const gate of gates) {
    const p = /^p\(([\d.]+)\)/.exec(expression(gate));
    if (p) need = Math.max(need, Number(p[1]) >= 99 ? MIN_SAMPLES['p(99)'] : MIN_SAMPLES['p(95)']);
  }
  return need;
}

/** The key of the count gate beside a gated key; undefined for a metric that needs none (a counter). */
export function sampleGateKey(key: string): string | undefined {
  const { metric, tags } = parseKey(key);
  const tagText = tags.map(([k, v]) => `${k}:${v}`);
  if (metric === 'http_req_duration') return `http_reqs{${tagText.join(',')}}`;
  if (!TRENDS.includes(metric) && !RATES.includes(metric)) return undefined;
  return `${M.samples}{${[`metric:${metric}`, ...tagText].join(',')}}`;
}

/** The thresholds and, for each gated trend and rate, its count gate. */
export function withSampleGates(thresholds: Record<string, Threshold[]>): Record<string, Threshold[]> {
  const out = { ...thresholds };
  for (const [key, gates] of Object.entries(thresholds)) {
    const countKey = sampleGateKey(key);
    if (countKey) out[countKey] = [`count>=${samplesNeeded(gates)}`];
  }
  return out;
}

/** The tags a sample of `metric` adds to the samples counter: the metric's name and its own tags. */
export function sampleTags(metric: string, tags: Record<string, string> = {}): Record<string, string> {
  return { ...tags, metric };
}

/**
 * What a failed count gate means, in words (`count` is what the counter held); undefined for a
 * key that is no count gate.
 */
export function sampleGateProblem(key: string, gate: string, count: number): string | undefined {
  const { metric, tags } = parseKey(key);
  const need = /^count>=(\d+)$/.exec(gate.trim())?.[1];
  if (need === undefined) return undefined;
  let figure: string;
  if (metric === 'http_reqs') figure = 'http_req_duration';
  else if (metric === M.samples) figure = tags.find(([k]) => k === 'metric')?.[1] ?? '?';
  else return undefined;
  const rest = tags.filter(([k]) => k !== 'metric').map(([k, v]) => `${k}:${v}`);
  const name = rest.length ? `${figure}{${rest.join(',')}}` : figure;
  return count === 0
    ? `${name} was never measured (0 samples; its gate needs at least ${need})`
    : `${name} has ${count} samples, fewer than its gate needs (${need})`;
}
