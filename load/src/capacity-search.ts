import { Budget } from './budgets.ts';
import { M } from './metric-names.ts';
import type { SessionReport } from './stream-session.ts';

// The capacity figure: the highest number of concurrent live streams at which every session is
// held at real time. A level is held when every session finished, none lost a final, and the
// finalize and first-interim p95 are within budget. A level at which the load generator itself
// fell behind is void: the search stops there and the figure is a lower bound of the server's.

export interface LevelStats {
  level: number;
  sessions: number;
  finished: number;
  lostFinals: number;
  firstInterimP95Ms: number;
  finalizeP95Ms: number;
  pacingLagP95Ms: number;
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

/** Nearest-rank percentile; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
}

/** Levels start, start+step, … up to max (inclusive). */
export function capacityLevels(start: number, step: number, max: number): number[] {
  if (!(start >= 1 && step >= 1 && max >= start))
    throw new Error(`bad capacity levels ${start}:${step}:${max}`);
  const levels: number[] = [];
  for (let level = start; level <= max; level += step) levels.push(level);
  return levels;
}

export function levelStats(level: number, reports: readonly SessionReport[]): LevelStats {
  const defined = (xs: (number | undefined)[]) => xs.filter((x): x is number => x !== undefined);
  return {
    level,
    sessions: reports.length,
    finished: reports.filter((r) => r.finished).length,
    lostFinals: reports.filter((r) => r.lostFinal).length,
    firstInterimP95Ms: percentile(defined(reports.map((r) => r.firstInterimMs)), 95),
    finalizeP95Ms: percentile(defined(reports.map((r) => r.endToFinishedMs)), 95),
    pacingLagP95Ms: percentile(
      reports.flatMap((r) => r.pacingLagMs),
      95,
    ),
  };
}

export function judgeLevel(stats: LevelStats, budget = Budget): LevelVerdict {
  if (stats.pacingLagP95Ms > budget.pacingLagP95Ms) {
    return {
      stats,
      verdict: 'void',
      reasons: [`generator pacing lag p95 ${stats.pacingLagP95Ms.toFixed(0)} ms`],
    };
  }
  const reasons: string[] = [];
  if (stats.sessions < stats.level) reasons.push(`${stats.sessions} of ${stats.level} sessions ran`);
  if (stats.finished < stats.sessions)
    reasons.push(`${stats.sessions - stats.finished} sessions not finished`);
  if (stats.lostFinals > 0) reasons.push(`${stats.lostFinals} lost finals`);
  if (!(stats.firstInterimP95Ms <= budget.firstInterimP95Ms)) {
    reasons.push(`first interim p95 ${stats.firstInterimP95Ms.toFixed(0)} ms`);
  }
  if (!(stats.finalizeP95Ms <= budget.finalizeP95Ms))
    reasons.push(`finalize p95 ${stats.finalizeP95Ms.toFixed(0)} ms`);
  return { stats, verdict: reasons.length === 0 ? 'held' : 'failed', reasons };
}

/** Walks the levels in order, stopping at the first that is not held. */
export function searchCapacity(levels: readonly LevelStats[], budget = Budget): CapacityResult {
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
 * Thresholds naming one level's submetrics. k6 reports a tagged submetric only when a threshold
 * names it, so these exist to put each level's figures in the summary; they cannot fail (a level
 * out of budget is a finding of the search, not a failed run), except the generator's pacing lag,
 * which voids the run.
 */
export function levelThresholds(level: number): Record<string, unknown[]> {
  const tag = (name: string) => `${name}{level:${level}}`;
  return {
    [tag(M.firstInterim)]: ['p(95)>=0'],
    [tag(M.endToFinished)]: ['p(95)>=0'],
    [tag(M.finished)]: ['rate>=0'],
    [tag(M.lostFinals)]: ['count>=0'],
    [tag(M.pacingLag)]: [`p(95)<${Budget.pacingLagP95Ms}`],
  };
}

interface SummaryValues {
  values: Record<string, number>;
}

/** One level's stats from a k6 summary's tagged submetrics (present thanks to levelThresholds). */
export function levelStatsFromSummary(
  metrics: Record<string, SummaryValues | undefined>,
  level: number,
): LevelStats {
  const sub = (name: string) => metrics[`${name}{level:${level}}`]?.values ?? {};
  const finished = sub(M.finished);
  return {
    level,
    sessions: (finished.passes ?? 0) + (finished.fails ?? 0),
    finished: finished.passes ?? 0,
    lostFinals: sub(M.lostFinals).count ?? 0,
    firstInterimP95Ms: sub(M.firstInterim)['p(95)'] ?? Number.NaN,
    finalizeP95Ms: sub(M.endToFinished)['p(95)'] ?? Number.NaN,
    pacingLagP95Ms: sub(M.pacingLag)['p(95)'] ?? 0,
  };
}

export function describeCapacity(result: CapacityResult): string {
  const lines = result.levels.map(
    (l) =>
      `  ${String(l.stats.level).padStart(4)} streams: ${l.verdict.padEnd(6)} finished ${l.stats.finished}/${l.stats.sessions}, ` +
      `first interim p95 ${l.stats.firstInterimP95Ms.toFixed(0)} ms, finalize p95 ${l.stats.finalizeP95Ms.toFixed(0)} ms, ` +
      `pacing lag p95 ${l.stats.pacingLagP95Ms.toFixed(1)} ms${l.reasons.length ? ` (${l.reasons.join('; ')})` : ''}`,
  );
  const why = {
    failed: 'the next level failed',
    void: 'the load generator fell behind: the figure is a lower bound, add load machines',
    'max-level': 'the highest level tried was held: raise the maximum',
  }[result.stoppedBy];
  return `${lines.join('\n')}\n  capacity: ${result.held} concurrent live streams held at real time (${why})\n`;
}
