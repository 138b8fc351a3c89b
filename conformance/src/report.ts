import type { BaselineOutcome } from './baseline.js';
import type { CheckResult } from './check.js';
import type { SentenceCoverage } from './matrix/coverage.js';

/** A finished run, as every reporter receives it (already redacted). */
export interface RunReport {
  tool: 'parley-conformance';
  runId: string;
  seed: number;
  profile: 'smoke' | 'full';
  baseUrl: string;
  startedAt: string;
  durationMs: number;
  exitCode: 0 | 1 | 2;
  summary: Record<string, number>;
  baseline?: BaselineOutcome;
  results: CheckResult[];
  /** Which of the spec's sentences the results judged (matrix/sentences.json). */
  coverage: SentenceCoverage;
}

/** 0 conforms, 1 a MUST failed (or a baseline entry expired), 2 nothing could be judged. */
export function exitCodeOf(results: CheckResult[], baseline?: BaselineOutcome): 0 | 1 | 2 {
  if (results.some((r) => r.status === 'FAIL' && !r.baselined) || (baseline?.expired.length ?? 0) > 0)
    return 1;
  // A baselined deviation was judged too: only a run with no verdict at all could not judge.
  if (!results.some((r) => r.status === 'PASS' || r.status === 'NON_STRICT' || r.baselined)) return 2;
  return 0;
}
