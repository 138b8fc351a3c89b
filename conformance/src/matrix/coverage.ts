import type { CheckResult } from '../check.js';
import { INVENTORY, type InventoryFact, SENTENCES, type Sentence } from './matrix.js';

// Spec coverage of a run, counted in facts (src/facts: one per table cell or clause; a unit no fact
// covers yet counts as one provisional fact). A fact is judged when one of its checks reached a
// verdict (FAIL: failed; else FLAKY, a failure a retry did not repeat: flaky; else PASS or
// NON_STRICT: passed); skipped when its checks ran but none reached one (the flags their skips named
// are kept); not run when none of its checks was selected; not judgeable when it gives a reason
// instead of checks. A sentence of the matrix gets the same status from the union of its facts'
// checks, for the reports' list.

export type CoverageStatus = 'passed' | 'failed' | 'flaky' | 'skipped' | 'not-run' | 'not-judgeable';

export interface FactOutcome {
  id: string;
  sentence: string;
  status: CoverageStatus;
  checks: string[];
  /** On a skipped fact: the flags its checks' skips named. */
  flags?: string[];
  /** It stands for a unit no fact of the inventory covers yet. */
  provisional?: true;
}

export interface SentenceOutcome {
  id: string;
  section: string;
  text: string;
  status: CoverageStatus;
  checks: string[];
  /** How many facts the sentence holds. */
  facts: number;
  /** On a skipped sentence: the flags its checks' skips named. */
  flags?: string[];
}

export interface SpecCoverage {
  /** Facts in all (provisional ones included). */
  total: number;
  /** Facts with checks (total − notJudgeable). */
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
  /** How many of the facts stand provisionally for a whole unit no fact covers yet. */
  provisional: number;
  /** The skipped facts whose skips named the flags they needed. */
  skippedForInput: { fact: string; flags: string[] }[];
  facts: FactOutcome[];
  sentences: SentenceOutcome[];
}

type Verdict = { status: CoverageStatus; flags?: string[] };

function verdictOf(checks: readonly string[], byId: ReadonlyMap<string, CheckResult>): Verdict {
  if (checks.length === 0) return { status: 'not-judgeable' };
  const ran = checks.flatMap((id) => byId.get(id) ?? []);
  if (ran.length === 0) return { status: 'not-run' };
  if (ran.some((r) => r.status === 'FAIL')) return { status: 'failed' };
  if (ran.some((r) => r.status === 'FLAKY')) return { status: 'flaky' };
  if (ran.some((r) => r.status === 'PASS' || r.status === 'NON_STRICT')) return { status: 'passed' };
  const flags = [...new Set(ran.flatMap((r) => r.needs ?? []))];
  return { status: 'skipped', ...(flags.length > 0 ? { flags } : {}) };
}

export function specCoverage(
  results: readonly CheckResult[],
  facts: readonly InventoryFact[] = INVENTORY,
  sentences: readonly Sentence[] = SENTENCES,
): SpecCoverage {
  const byId = new Map(results.map((r) => [r.id, r]));
  const outcomes = facts.map((f): FactOutcome => {
    const checks = f.judgeable ? [...f.checks] : [];
    return {
      id: f.id,
      sentence: f.sentence,
      checks,
      ...verdictOf(checks, byId),
      ...(f.provisional ? { provisional: true as const } : {}),
    };
  });
  const count = (status: CoverageStatus) => outcomes.filter((o) => o.status === status).length;
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
    provisional: outcomes.filter((o) => o.provisional).length,
    skippedForInput: outcomes.flatMap((o) => (o.flags ? [{ fact: o.id, flags: o.flags }] : [])),
    facts: outcomes,
    sentences: sentences.map((s) => ({
      id: s.id,
      section: s.section,
      text: s.text,
      checks: s.checks,
      facts: s.facts.length,
      ...verdictOf(s.checks, byId),
    })),
  };
}

/** The flags the run's skipped facts named, each with how many facts it would open. */
export function flagsWanted(coverage: SpecCoverage): [flag: string, facts: number][] {
  const counts = new Map<string, number>();
  for (const { flags } of coverage.skippedForInput)
    for (const flag of flags) counts.set(flag, (counts.get(flag) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}
