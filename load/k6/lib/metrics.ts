import { check } from 'k6';
import { Counter, Rate, Trend } from 'k6/metrics';
import { CLOSE_METRICS, ERROR_METRICS, M, RATES, TRENDS } from '../../src/metric-names.js';
import { sampleTags } from '../../src/sample-gates.js';
import { sessionSamples } from '../../src/session-samples.js';
import type { SessionReport } from '../../src/stream-session.js';

// The k6 metric objects, created once at init (k6 allows no metric creation later): one per name
// of metric-names.ts. Every trend and rate sample also bumps the samples counter, whose count gate
// (sample-gates.ts, added to every script's thresholds) fails a gate that was never measured.

const TIME = new Set<string>(TRENDS.filter((name) => name !== M.wer));
const objects: Record<string, Trend | Rate | Counter> = {};
for (const name of TRENDS) objects[name] = new Trend(name, TIME.has(name));
for (const name of RATES) if (name !== 'checks') objects[name] = new Rate(name);
for (const name of [M.lostFinals, M.samples, ...CLOSE_METRICS, ...ERROR_METRICS])
  objects[name] = new Counter(name);
const samples = objects[M.samples] as Counter;

function metric(name: string): Trend | Rate | Counter {
  const found = objects[name];
  if (!found) throw new Error(`no metric object for ${name}`);
  return found;
}

/** Adds one session's samples (session-samples.ts); `tags` (e.g. the capacity level) go on every one. */
export function recordSession(report: SessionReport, tags: Record<string, string> = {}): void {
  for (const s of sessionSamples(report, tags)) metric(s.metric).add(Number(s.value), s.tags);
}

/** A trend or rate of metric-names.ts whose every sample is counted for its count gate. */
export function gated(name: string) {
  const target = metric(name);
  return {
    add(value: number | boolean, tags: Record<string, string> = {}) {
      target.add(Number(value), tags);
      samples.add(1, sampleTags(name, tags));
    },
  };
}

/** k6's check(), its checks counted for the count gates beside `checks` thresholds. */
export function checked<T>(
  value: T,
  sets: Record<string, (v: T) => boolean>,
  tags: Record<string, string> = {},
) {
  samples.add(Object.keys(sets).length, sampleTags('checks', tags));
  return check(value, sets, tags);
}
