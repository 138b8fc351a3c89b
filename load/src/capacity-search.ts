import { Budget, type Budgets, gateStat, percentileGate, type Threshold } from './budgets.js';
import { M } from './metric-names.js';
import { samplesNeeded } from './sample-gates.js';
import type { SessionReport } from './stream-session.js';

// The capacity figure: the highest number of concurrent live streams at which every session is
// held at real time. A level is held when every session finished, none lost a final, and the
// finalize and first-interim p95 are within budget, each read from at least the samples its
// statistic needs (a figure never measured fails). A level at which the load generator itself
// fell behind is void: the search stops there and the figure is a lower bound of the server's.

/** What a level runs: `sessions` sessions of a fixture with `turns` turns (fixed before the run). */
export interface LevelPlan {
  sessions: number;
  turns: number;
}

export interface LevelStats {
  level: number;
  /** Sessions the level was planned to run. */
  planned: number;
  sessions: number;
  finished: number;
  lostFinals: number;
  /** The statistic the latency gates read: p(95), or the max when the plan has too few samples. */
  firstInterimStat: 'p(95)' | 'max';
  firstInterimMs: number;
  finalizeStat: 'p(95)' | 'max';
  finalizeMs: number;
  pacingLagP95Ms: number;
  /** Samples each figure got: fewer than its statistic needs (sample-gates.ts) fails the level. */
  samples: { firstInterim: number; finalize: number; pacingLag: number };
}

export type Verdict = 'held' | 'failed' | 'void';

export interface LevelVerdict {
  stats: LevelStats;
  verdict: Verdict;
  reasons: string[];
}

export interface CapacityResult {
  /** Highest level held (0 when even the first failed). */
  held: number;
  /** Why the search stopped: a level failed, the generator lagged, or the last level was held. */
  stoppedBy: 'failed' | 'void' | 'max-level';
  levels: LevelVerdict[];
}

/** A percentile as k6's trend sink computes it (linear interpolation between ranks); NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p / 100) * (sorted.length - 1);
  const low = sorted[Math.floor(at)] ?? Number.NaN;
  const high = sorted[Math.ceil(at)] ?? Number.NaN;
  return low + (high - low) * (at - Math.floor(at));
}

/** A statistic of `values` by its k6 name. */
export function statOf(values: readonly number[], stat: 'p(95)' | 'max'): number {
  if (values.length === 0) return Number.NaN;
  return stat === 'max' ? Math.max(...values) : percentile(values, 95);
}

/** How many sessions each VU of a level runs so the level has at least `minSessions`. */
export function roundsFor(level: number, minSessions: number): number {
  return Math.max(1, Math.ceil(minSessions / level));
}

/** Levels start, start+step, … up to max (inclusive). */
export function capacityLevels(start: number, step: number, max: number): number[] {
  if (!(start >= 1 && step >= 1 && max >= start))
    throw new Error(`bad capacity levels ${start}:${step}:${max}`);
  const levels: number[] = [];
  for (let level = start; level <= max; level += step) levels.push(level);
  return levels;
}

export function levelPlan(level: number, minSessions: number, turns: number): LevelPlan {
  return { sessions: level * roundsFor(level, minSessions), turns: Math.max(1, turns) };
}

export function levelStats(level: number, plan: LevelPlan, reports: readonly SessionReport[]): LevelStats {
  const firstInterimStat = gateStat('p(95)', plan.sessions * plan.turns);
  const finalizeStat = gateStat('p(95)', plan.sessions);
  const finalize = reports.flatMap((r) => (r.endToFinishedMs === undefined ? [] : [r.endToFinishedMs]));
  const firstInterim = reports.flatMap((r) => r.firstResultMs);
  const lags = reports.flatMap((r) => r.pacingLagMs);
  return {
    level,
    planned: plan.sessions,
    sessions: reports.length,
    finished: reports.filter((r) => r.finished).length,
    lostFinals: reports.filter((r) => r.lostFinal).length,
    firstInterimStat,
    firstInterimMs: statOf(firstInterim, firstInterimStat),
    finalizeStat,
    finalizeMs: statOf(finalize, finalizeStat),
    pacingLagP95Ms: percentile(lags, 95),
    samples: { firstInterim: firstInterim.length, finalize: finalize.length, pacingLag: lags.length },
  };
}

/**
 * Whether one session already breaks its level (so the run can stop without waiting for the
 * level's end): it did not finish, lost a final, or, where the gate is the max, ran over a budget.
 */
export function sessionBreaksLevel(
  report: SessionReport,
  plan: LevelPlan,
  budget: Budgets = Budget,
): boolean {
  if (!report.finished || report.lostFinal) return true;
  if (gateStat('p(95)', plan.sessions * plan.turns) === 'max') {
    if (report.firstResultMs.some((ms) => ms > budget.firstInterimP95Ms)) return true;
  }
  if (gateStat('p(95)', plan.sessions) === 'max') {
    if ((report.endToFinishedMs ?? Number.POSITIVE_INFINITY) > budget.finalizeP95Ms) return true;
  }
  return false;
}

export function judgeLevel(stats: LevelStats, budget: Budgets = Budget): LevelVerdict {
  if (stats.pacingLagP95Ms > budget.pacingLagP95Ms) {
    return {
      stats,
      verdict: 'void',
      reasons: [`generator pacing lag p95 ${stats.pacingLagP95Ms.toFixed(0)} ms`],
    };
  }
  const reasons: string[] = [];
  if (stats.sessions < stats.planned) reasons.push(`${stats.sessions} of ${stats.planned} sessions ran`);
  if (stats.finished < stats.sessions)
    reasons.push(`${stats.sessions - stats.finished} sessions not finished`);
  if (stats.lostFinals > 0) reasons.push(`${stats.lostFinals} lost finals`);
  const measured = (figure: string, count: number, stat: string) => {
    const need = samplesNeeded([stat]);
    if (count >= need) return true;
    reasons.push(
      count === 0
        ? `${figure} never measured (0 samples; its ${stat} gate needs at least ${need})`
        : `${figure}: ${count} samples, its ${stat} gate needs at least ${need}`,
    );
    return false;
  };
  const { samples } = stats;
  if (
    measured('first interim', samples.firstInterim, stats.firstInterimStat) &&
    !(stats.firstInterimMs <= budget.firstInterimP95Ms)
  )
    reasons.push(`first interim ${stats.firstInterimStat} ${stats.firstInterimMs.toFixed(0)} ms`);
  if (
    measured('finalize', samples.finalize, stats.finalizeStat) &&
    !(stats.finalizeMs <= budget.finalizeP95Ms)
  )
    reasons.push(`finalize ${stats.finalizeStat} ${stats.finalizeMs.toFixed(0)} ms`);
  measured('pacing lag', samples.pacingLag, 'p(95)');
  return { stats, verdict: reasons.length === 0 ? 'held' : 'failed', reasons };
}

/** Walks the levels in order, stopping at the first that is not held. */
export function searchCapacity(levels: readonly LevelStats[], budget: Budgets = Budget): CapacityResult {
  const verdicts: LevelVerdict[] = [];
  let held = 0;
  for (const stats of levels) {
    const verdict = judgeLevel(stats, budget);
    verdicts.push(verdict);
    if (verdict.verdict !== 'held') return { held, stoppedBy: verdict.verdict, levels: verdicts };
    held = stats.level;
  }
  return { held, stoppedBy: 'max-level', levels: verdicts };
}

/**
 * One level's thresholds, the same rules as judgeLevel: a level not held fails the run (exit 99)
 * and, through the not-held counter a VU bumps when its own session breaks the level, stops it
 * within seconds instead of loading on. They also put the level's figures in the summary (k6
 * reports a tagged submetric only when a threshold names it).
 */
export function levelThresholds(
  level: number,
  plan: LevelPlan,
  budget: Budgets = Budget,
): Record<string, Threshold[]> {
  const tag = (name: string) => `${name}{level:${level}}`;
  return {
    [tag(M.capacitySessions)]: [`count>=${plan.sessions}`],
    [tag(M.capacityNotHeld)]: [{ threshold: 'count<1', abortOnFail: true }],
    [tag(M.finished)]: ['rate>=1'],
    [tag(M.lostFinals)]: ['count<1'],
    [tag(M.firstInterim)]: [
      percentileGate('p(95)', '<=', budget.firstInterimP95Ms, plan.sessions * plan.turns),
    ],
    [tag(M.endToFinished)]: [percentileGate('p(95)', '<=', budget.finalizeP95Ms, plan.sessions)],
    [tag(M.pacingLag)]: [`p(95)<=${budget.pacingLagP95Ms}`],
  };
}

/** The levels a run with CAPACITY_MIN=`min` must hold: up to the first level at or above `min`. */
export function gateLevels(levels: readonly number[], min: number): number[] {
  const gate = levels.findIndex((level) => level >= min);
  if (gate < 0) throw new Error(`CAPACITY_MIN=${min} is above the highest level ${levels.at(-1)}`);
  return levels.slice(0, gate + 1);
}

interface SummaryValues {
  values: Record<string, number>;
}

/** One level's stats from a k6 summary's tagged submetrics (present thanks to levelThresholds). */
export function levelStatsFromSummary(
  metrics: Record<string, SummaryValues | undefined>,
  level: number,
  plan: LevelPlan,
): LevelStats {
  const sub = (name: string) => metrics[`${name}{level:${level}}`]?.values ?? {};
  // The count gates' counters (sample-gates.ts: withSampleGates names them so in every script's options).
  const count = (name: string) => metrics[`${M.samples}{metric:${name},level:${level}}`]?.values.count ?? 0;
  const finished = sub(M.finished);
  // k6 reads 0 for every statistic of an empty trend; here, as from the reports, none is NaN.
  const stat = (name: string, key: string) => (count(name) > 0 ? (sub(name)[key] ?? Number.NaN) : Number.NaN);
  const firstInterimStat = gateStat('p(95)', plan.sessions * plan.turns);
  const finalizeStat = gateStat('p(95)', plan.sessions);
  return {
    level,
    planned: plan.sessions,
    sessions: (finished.passes ?? 0) + (finished.fails ?? 0),
    finished: finished.passes ?? 0,
    lostFinals: sub(M.lostFinals).count ?? 0,
    firstInterimStat,
    firstInterimMs: stat(M.firstInterim, firstInterimStat),
    finalizeStat,
    finalizeMs: stat(M.endToFinished, finalizeStat),
    pacingLagP95Ms: stat(M.pacingLag, 'p(95)'),
    samples: {
      firstInterim: count(M.firstInterim),
      finalize: count(M.endToFinished),
      pacingLag: count(M.pacingLag),
    },
  };
}

export function describeCapacity(result: CapacityResult): string {
  const lines = result.levels.map(
    (l) =>
      `  ${String(l.stats.level).padStart(4)} streams: ${l.verdict.padEnd(6)} finished ${l.stats.finished}/${l.stats.sessions}, ` +
      `first interim ${l.stats.firstInterimStat} ${l.stats.firstInterimMs.toFixed(0)} ms, finalize ${l.stats.finalizeStat} ${l.stats.finalizeMs.toFixed(0)} ms, ` +
      `pacing lag p95 ${l.stats.pacingLagP95Ms.toFixed(1)} ms${l.reasons.length ? ` (${l.reasons.join('; ')})` : ''}`,
  );
  const why = {
    failed: 'the next level failed',
    void: 'the load generator fell behind: the figure is a lower bound, add load machines',
    'max-level': 'the highest level tried was held: raise the maximum',
  }[result.stoppedBy];
  return `${lines.join('\n')}\n  capacity: ${result.held} concurrent live streams held at real time (${why})\n`;
}
