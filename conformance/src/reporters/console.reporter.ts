import type { CheckResult } from '../check.js';
import type { RunReport } from '../report.js';
import { attemptLines } from '../retry.js';
import { coverageLines } from './coverage-lines.js';
import { baselineLines, deviationLines } from './deviation-lines.js';

const MARK: Record<CheckResult['status'], string> = {
  PASS: 'PASS',
  FAIL: 'FAIL',
  NON_STRICT: 'WARN',
  FLAKY: 'FLKY',
  SKIPPED: 'SKIP',
  COULD_NOT_JUDGE: '????',
};

/** The progress line written while a run goes on. */
export const progressLine = (done: number, total: number, result: CheckResult): string =>
  `[${String(done).padStart(String(total).length)}/${total}] ${MARK[result.status]} ${result.id} (${result.durationMs} ms)`;

export function consoleReport(report: RunReport): string {
  const lines = report.results.flatMap((r) => {
    const note = r.baselined ? ` [baselined: ${r.baselined}]` : '';
    // A retried check (FLAKY, or a FAIL that repeated) with every attempt's answer beneath it.
    return [
      `${MARK[r.status]}  ${r.level.padEnd(6)} ${r.id.padEnd(40)} ${r.message}${note}`,
      ...attemptLines(r).map((line) => `      ${line}`),
    ];
  });
  const counts = Object.entries(report.summary)
    .map(([status, n]) => `${n} ${status}`)
    .join(', ');
  const baseline = baselineLines(report);
  // The failures again at the end, each with its clause, the last exchange and how to repeat it.
  const failed = report.results.filter(
    (r) => (r.status === 'FAIL' || r.status === 'COULD_NOT_JUDGE') && !r.baselined,
  );
  const failures = failed.length
    ? [
        '',
        'FAILURES',
        ...failed.flatMap((r) => {
          const last = r.evidence.at(-1);
          return [
            `${MARK[r.status]} ${r.id}: ${r.message}`,
            `  clause: ${r.clause}`,
            ...deviationLines(r).map((line) => `  - ${line}`),
            ...(last
              ? [
                  `  last exchange: ${last.method} ${last.url} → ${last.status ?? 'no answer'} ${(last.responseBody ?? '').slice(0, 300)}`,
                  `  reproduce with: ${last.repro}`,
                ]
              : []),
          ];
        }),
        '',
      ]
    : [];
  return [
    ...lines,
    ...baseline,
    ...failures,
    ...coverageLines(report.coverage),
    ...(report.coverageGate?.reason ? [`COVERAGE GATE (fails the run): ${report.coverageGate.reason}`] : []),
    `${counts}; exit ${report.exitCode}; ${(report.durationMs / 1000).toFixed(1)} s; seed ${report.seed}`,
  ].join('\n');
}
