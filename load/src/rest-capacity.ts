import { Budget, type Budgets, gateStat } from './budgets.js';
import { statOf } from './capacity-search.js';

// The REST mix's capacity: the highest open-model arrival rate (arrivals a second) at which the
// mix is held — its p95 within the REST budget (the max when a step has too few answers for a
// p95), at least Budget.okRate of the answers 200, and no arrival dropped (load the server never
// got). The same rule as the thresholds of k6/rest-mix.ts. The search steps up the rates and stops
// at the first not held; the capacity is the last held (0 when even the first failed).

/** The rates a search tries by default, ~10 s each: bounded, doubling from k6's average RATE. */
export const REST_RATES: readonly number[] = [5, 10, 20, 40, 80, 160, 320];
export const REST_STEP_SECONDS = 10;

export interface RateStepStats {
  rate: number;
  /** Answers of every kind (a refused connection or a deadline counts as a failed answer). */
  answers: number;
  ok: number;
  /** The answers not 200, as `route status` → count (what made a step fail, or nearly). */
  notOk: Record<string, number>;
  dropped: number;
  /** The statistic the latency gate read: p(95), or the max when there were too few answers. */
  latencyStat: 'p(95)' | 'max';
  latencyMs: number;
}

export interface RateStepVerdict {
  stats: RateStepStats;
  held: boolean;
  reasons: string[];
}

export interface RestCapacity {
  /** Highest rate held, arrivals a second (0 when the first failed). */
  held: number;
  stoppedBy: 'failed' | 'max-rate';
  steps: RateStepVerdict[];
}

/** One step's figures from the latencies of its answers and its counts by `route status`. */
export function rateStepStats(
  rate: number,
  latencies: readonly number[],
  counts: ReadonlyMap<string, number>,
  dropped: number,
): RateStepStats {
  let answers = 0;
  let ok = 0;
  const notOk: Record<string, number> = {};
  for (const [key, n] of counts) {
    const outcome = key.slice(key.lastIndexOf(' ') + 1);
    if (n === 0 || !/^(\d{3}|timeout|error)$/.test(outcome)) continue;
    answers += n;
    if (outcome === '200') ok += n;
    else notOk[key] = n;
  }
  const latencyStat = gateStat('p(95)', latencies.length);
  return { rate, answers, ok, notOk, dropped, latencyStat, latencyMs: statOf(latencies, latencyStat) };
}

export function judgeRateStep(stats: RateStepStats, budget: Budgets = Budget): RateStepVerdict {
  const reasons: string[] = [];
  if (stats.answers === 0) reasons.push('no answers');
  else if (stats.ok / stats.answers < budget.okRate)
    reasons.push(`${stats.answers - stats.ok} of ${stats.answers} answers not 200`);
  if (stats.dropped > 0) reasons.push(`${stats.dropped} arrivals dropped`);
  if (!(stats.latencyMs <= budget.restP95Ms))
    reasons.push(`${stats.latencyStat} ${stats.latencyMs.toFixed(0)} ms > ${budget.restP95Ms} ms`);
  return { stats, held: reasons.length === 0, reasons };
}

/** Runs `measure` at each rate in order, stopping at the first rate not held. */
export async function searchRestCapacity(
  rates: readonly number[],
  measure: (rate: number) => Promise<RateStepStats>,
  budget: Budgets = Budget,
): Promise<RestCapacity> {
  const steps: RateStepVerdict[] = [];
  let held = 0;
  for (const rate of rates) {
    const step = judgeRateStep(await measure(rate), budget);
    steps.push(step);
    if (!step.held) return { held, stoppedBy: 'failed', steps };
    held = rate;
  }
  return { held, stoppedBy: 'max-rate', steps };
}

function notOkList(stats: RateStepStats): string {
  const keys = Object.entries(stats.notOk);
  return keys.length ? ` [${keys.map(([key, n]) => `${key} ×${n}`).join(', ')}]` : '';
}

export function describeRestCapacity(result: RestCapacity): string {
  const lines = result.steps.map(
    ({ stats: s, held, reasons }) =>
      `  ${String(s.rate).padStart(4)}/s: ${held ? 'held  ' : 'failed'} ${s.ok}/${s.answers} answers 200, ` +
      `${s.latencyStat} ${s.latencyMs.toFixed(0)} ms, ${s.dropped} dropped${notOkList(s)}${reasons.length ? ` (${reasons.join('; ')})` : ''}`,
  );
  const why =
    result.stoppedBy === 'failed' ? 'the next rate failed' : 'the highest rate tried was held: a lower bound';
  return `${lines.join('\n')}\n  REST capacity: ${result.held} arrivals/s held (${why})\n`;
}
