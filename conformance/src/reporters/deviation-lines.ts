import type { CheckResult, Deviation } from '../check.js';
import type { RunReport } from '../report.js';

// What every reporter says about a result's deviations and the baseline, in plain text lines (the
// console prints them, JUnit puts them in its failure body, HTML builds its table from the same).

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** One deviation: its code, message, what was expected and found, and its fingerprint. */
export function deviationLine(d: Deviation): string {
  const was =
    'expected' in d || 'actual' in d
      ? ` (expected ${show(d.expected ?? '—')}, got ${show(d.actual ?? '—')})`
      : '';
  const mark = d.choice ? " [Parley's choice]" : d.baselined ? ` [baselined: ${d.baselined}]` : '';
  return `[${d.code}] ${d.message}${was}${mark} — ${d.fingerprint}`;
}

/** Every deviation of a result, and how many more were found than kept. */
export function deviationLines(r: CheckResult): string[] {
  return [
    ...(r.deviations ?? []).map(deviationLine),
    ...(r.omitted
      ? [`... and ${r.omitted} more deviations (not kept; their fingerprints are in report.json)`]
      : []),
  ];
}

/** The baseline entries that expired (they fail the run) and those that matched nothing (stale). */
export function baselineLines(report: RunReport): string[] {
  return report.baseline
    ? [
        ...report.baseline.expired.map(
          (e) =>
            `EXPIRED baseline entry (fails the run): ${e.fingerprint} (expired ${e.expires}; ${e.reason})`,
        ),
        ...report.baseline.stale.map(
          (e) => `stale baseline entry (matched nothing; remove it): ${e.fingerprint} (${e.reason})`,
        ),
      ]
    : [];
}
