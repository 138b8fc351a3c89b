import { EXIT, type RunExitCode } from './exit-codes.js';
import { flagsWanted, type SpecCoverage } from './matrix/coverage.js';

// --min-coverage N: a run that judged less than N % of the spec's judgeable facts fails (exit 1,
// with the reason). The measure is report.coverage.percent (counted in facts, matrix/coverage.ts),
// never a count of its own.

export interface CoverageGate {
  /** The --min-coverage asked, in percent. */
  min: number;
  /** report.coverage.percent, as the matrix computed it. */
  percent: number;
  met: boolean;
  /** Why the run failed the gate, and the inputs that would have judged more. */
  reason?: string;
}

export function coverageGate(coverage: SpecCoverage, min: number): CoverageGate {
  if (coverage.percent >= min) return { min, percent: coverage.percent, met: true };
  const flags = flagsWanted(coverage).map(([flag, n]) => `${flag} would open ${n}`);
  const reason = `${coverage.percent.toFixed(1)} % of the spec's judgeable facts judged (${coverage.judged} of ${coverage.judgeable}), less than --min-coverage ${min} %${coverage.notRun ? `; ${coverage.notRun} not run (--only/--exclude, the profile)` : ''}${flags.length ? `; ${flags.join(', ')}` : ''}`;
  return { min, percent: coverage.percent, met: false, reason };
}

/** A run under its coverage gate does not conform; one that already failed or judged nothing keeps its code. */
export const gatedExitCode = (code: RunExitCode, gate: CoverageGate | undefined): RunExitCode =>
  code === EXIT.CONFORMS.code && gate && !gate.met ? EXIT.FAILED.code : code;
