// The GitHub Action's outputs, from the run's report.json: `name=value` lines for $GITHUB_OUTPUT.
// Usage: node action-outputs.mjs <report folder> <exit code>
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [outDir = 'conformance-report', exitCode = ''] = process.argv.slice(2);
const lines = [`exit-code=${exitCode}`, `report-dir=${outDir}`];
const reportFile = join(outDir, 'report.json');
// No report when the run could not start (bad arguments, preflight): the exit code says why.
if (existsSync(reportFile)) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const count = (status) => report.summary[status] ?? 0;
  lines.push(
    `passed=${count('PASS')}`,
    `failed=${count('FAIL')}`,
    `non-strict=${count('NON_STRICT')}`,
    `flaky=${count('FLAKY')}`,
    `skipped=${count('SKIPPED')}`,
    `could-not-judge=${count('COULD_NOT_JUDGE')}`,
    `counts=${JSON.stringify(report.summary)}`,
    `coverage=${report.coverage.percent.toFixed(1)}`,
  );
  if (existsSync(join(outDir, 'summary.md'))) lines.push(`summary-file=${join(outDir, 'summary.md')}`);
}
process.stdout.write(`${lines.join('\n')}\n`);
