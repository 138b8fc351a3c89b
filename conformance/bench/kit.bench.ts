import { loadavg } from 'node:os';
import { MAX_DEVIATIONS } from '../src/check.js';
import { run } from '../src/index.js';
import { startReferenceServer } from '../src/reference-server.js';
import type { RunReport } from '../src/report.js';
import { consoleReport } from '../src/reporters/console.reporter.js';
import { githubAnnotations, githubSummary } from '../src/reporters/github.reporter.js';
import { htmlReport } from '../src/reporters/html.reporter.js';
import { junitReport } from '../src/reporters/junit.reporter.js';
import { referenceTarget } from '../src/testing/reference-target.js';

// bench:kit: how long the kit takes against the local reference server, smoke and full profile,
// beside the budgets (smoke 10 s, full 30 s; issue 20) and the machine's load average. The reference server
// starts once, outside the timings (its start is printed too); each profile runs --runs times
// (default 1). Every check runs, the partner ones with the reference server's OAuth client and user.
// The wall time is the run's without reports; "reports ms" renders every report of it afterwards
// (console, JSON, JUnit, HTML, github), "github ms" the github reporter's summary and commands alone,
// "all-FAIL ms" the same for the run's report with every result made a failure (its evidence kept,
// 20 deviations each): what a summary written out whole and an annotation per check cost.

const BUDGET_MS = { smoke: 10_000, full: 30_000 } as const;
const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 1);

/** Each report's text, as the run would write it (their lengths kept, so none is skipped). */
const renderGithub = (report: RunReport) =>
  githubSummary(report, 'report.json').length + githubAnnotations(report, 'report.json').join('\n').length;
const renderAll = (report: RunReport) =>
  consoleReport(report).length +
  JSON.stringify(report, null, 2).length +
  junitReport(report).length +
  htmlReport(report).length +
  renderGithub(report);

/** The run's report with every check failed, each with MAX_DEVIATIONS deviations. */
const allFailed = (report: RunReport): RunReport => ({
  ...report,
  exitCode: 1,
  summary: { FAIL: report.results.length },
  results: report.results.map((r) => ({
    ...r,
    status: 'FAIL',
    deviations: Array.from({ length: MAX_DEVIATIONS }, (_, n) => ({
      code: 'VALUE' as const,
      message: `${r.title}: a value other than the rule's (${n})`,
      path: `${r.id} $.items[${n}].value`,
      expected: "the rule's value",
      actual: 'another',
      fingerprint: `${r.id} VALUE ${r.id} $.items[*].value`,
    })),
  })),
});

const starting = performance.now();
const server = await startReferenceServer();
console.log(
  `reference server start (engines built, partner data seeded): ${Math.round(performance.now() - starting)} ms`,
);
try {
  const target = {
    ...referenceTarget(server),
    // The checks' own time: no failing check run again, wherever CI is set.
    retries: 0,
  };
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    'profile  run  wall ms  budget ms  ratio  failures  reports ms  github ms  all-FAIL ms  slowest checks',
  );
  for (const profile of ['smoke', 'full'] as const) {
    for (let i = 1; i <= runs; i++) {
      const started = performance.now();
      const report = await run({ ...target, profile, seed: i, progress: null, reporters: [] });
      const wall = Math.round(performance.now() - started);
      const slowest = [...report.results]
        .sort((a, b) => b.durationMs - a.durationMs)
        .slice(0, 3)
        .map((r) => `${r.id} ${r.durationMs}`);
      const failures = report.results.filter(
        (r) => r.status === 'FAIL' || r.status === 'COULD_NOT_JUDGE',
      ).length;
      const failed = allFailed(report);
      const [reports, github, worst] = [
        () => renderAll(report),
        () => renderGithub(report),
        () => renderGithub(failed),
      ].map((render) => {
        const at = performance.now();
        render();
        return (performance.now() - at).toFixed(1);
      }) as [string, string, string];
      console.log(
        `${profile.padEnd(8)} ${String(i).padStart(3)}  ${String(wall).padStart(7)}  ${String(BUDGET_MS[profile]).padStart(9)}  ${(wall / BUDGET_MS[profile]).toFixed(2).padStart(5)}  ${String(failures).padStart(8)}  ${reports.padStart(10)}  ${github.padStart(9)}  ${worst.padStart(11)}  ${slowest.join(', ')}`,
      );
    }
  }
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await server.close();
}
