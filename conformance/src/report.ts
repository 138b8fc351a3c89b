import type { BaselineOutcome } from './baseline.js';
import type { CheckResult } from './check.js';
import type { CoverageGate } from './coverage-gate.js';
import { EXIT, type RunExitCode } from './exit-codes.js';
import type { SpecCoverage } from './matrix/coverage.js';

/** A finished run, as every reporter receives it (already redacted). */
export interface RunReport {
  tool: 'parley-conformance';
  runId: string;
  seed: number;
  profile: 'smoke' | 'full';
  baseUrl: string;
  startedAt: string;
  durationMs: number;
  exitCode: RunExitCode;
  /** --min-coverage: the gate on coverage.percent, and why a run failed it. */
  coverageGate?: CoverageGate;
  /** How many times a failing check was run again (--retries; retry.ts). */
  retries?: number;
  summary: Record<string, number>;
  baseline?: BaselineOutcome;
  results: CheckResult[];
  /** Which of the spec's facts the results judged (src/facts; each sentence's status beside). */
  coverage: SpecCoverage;
}

/** 0 conforms, 1 a MUST failed (or a baseline entry expired), 2 nothing could be judged (exit-codes.ts). */
export function exitCodeOf(results: CheckResult[], baseline?: BaselineOutcome): RunExitCode {
  if (results.some((r) => r.status === 'FAIL' && !r.baselined) || (baseline?.expired.length ?? 0) > 0)
    return EXIT.FAILED.code;
  // A baselined deviation was judged too, and a FLAKY check reached verdicts (that differed): only a
  // run with no verdict at all could not judge.
  const judged = (r: CheckResult) =>
    r.status === 'PASS' || r.status === 'NON_STRICT' || r.status === 'FLAKY' || r.baselined;
  if (!results.some(judged)) return EXIT.NOT_JUDGED.code;
  return EXIT.CONFORMS.code;
}
