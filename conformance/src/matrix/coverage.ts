import type { CheckResult } from '../check.js';
import { SENTENCES, type Sentence } from './matrix.js';

// Sentence coverage of a run: which of the spec's sentences its results judged. A sentence is judged
// when one of its checks reached a verdict (FAIL: failed; else FLAKY, a failure a retry did not
// repeat: flaky; else PASS or NON_STRICT: passed); skipped when its checks ran but none reached one
// (the flags their skips named are kept); not run when none of its checks was selected; not judgeable
// when the matrix gives a reason instead of checks.

export type SentenceStatus = 'passed' | 'failed' | 'flaky' | 'skipped' | 'not-run' | 'not-judgeable';

export interface SentenceOutcome {
  id: string;
  section: string;
  text: string;
  status: SentenceStatus;
  checks: string[];
  /** On a skipped sentence: the flags its checks' skips named. */
  flags?: string[];
}

export interface SentenceCoverage {
  total: number;
  /** Sentences with checks (total − notJudgeable). */
  judgeable: number;
  /** passed + failed + flaky. */
  judged: number;
  passed: number;
  failed: number;
  flaky: number;
  skipped: number;
  notRun: number;
  notJudgeable: number;
  /** judged / judgeable × 100 (unrounded: a gate compares it as it is). */
  percent: number;
  /** The skipped sentences whose skips named the flags they needed. */
  skippedForInput: { sentence: string; flags: string[] }[];
  sentences: SentenceOutcome[];
}

export function sentenceCoverage(
  results: readonly CheckResult[],
  sentences: readonly Sentence[] = SENTENCES,
): SentenceCoverage {
  const byId = new Map(results.map((r) => [r.id, r]));
  const outcomes = sentences.map((s): SentenceOutcome => {
    const base = { id: s.id, section: s.section, text: s.text, checks: s.checks };
    if (s.checks.length === 0) return { ...base, status: 'not-judgeable' };
    const ran = s.checks.flatMap((id) => byId.get(id) ?? []);
    if (ran.length === 0) return { ...base, status: 'not-run' };
    if (ran.some((r) => r.status === 'FAIL')) return { ...base, status: 'failed' };
    if (ran.some((r) => r.status === 'FLAKY')) return { ...base, status: 'flaky' };
    if (ran.some((r) => r.status === 'PASS' || r.status === 'NON_STRICT'))
      return { ...base, status: 'passed' };
    const flags = [...new Set(ran.flatMap((r) => r.needs ?? []))];
    return { ...base, status: 'skipped', ...(flags.length > 0 ? { flags } : {}) };
  });
  const count = (status: SentenceStatus) => outcomes.filter((o) => o.status === status).length;
  const [passed, failed, flaky, skipped, notRun, notJudgeable] = (
    ['passed', 'failed', 'flaky', 'skipped', 'not-run', 'not-judgeable'] as const
  ).map(count) as [number, number, number, number, number, number];
  const judgeable = outcomes.length - notJudgeable;
  return {
    total: outcomes.length,
    judgeable,
    judged: passed + failed + flaky,
    passed,
    failed,
    flaky,
    skipped,
    notRun,
    notJudgeable,
    percent: judgeable === 0 ? 0 : ((passed + failed + flaky) / judgeable) * 100,
    skippedForInput: outcomes.flatMap((o) => (o.flags ? [{ sentence: o.id, flags: o.flags }] : [])),
    sentences: outcomes,
  };
}

/** The flags the run's skipped sentences named, each with how many sentences it would open. */
export function flagsWanted(coverage: SentenceCoverage): [flag: string, sentences: number][] {
  const counts = new Map<string, number>();
  for (const { flags } of coverage.skippedForInput)
    for (const flag of flags) counts.set(flag, (counts.get(flag) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}
