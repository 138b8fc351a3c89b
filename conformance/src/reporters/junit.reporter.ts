import type { RunReport } from '../report.js';
import { attemptLines } from '../retry.js';
import { coverageSuite } from './coverage-lines.js';
import { deviationLines } from './deviation-lines.js';
import { xmlEscape } from './markup-escape.js';

/** JUnit XML: one testsuite per area, one testcase per check; NON_STRICT and baselined results pass with a note. */
export function junitReport(report: RunReport): string {
  const areas = [...new Set(report.results.map((r) => r.area))];
  const suites = areas.map((area) => {
    const results = report.results.filter((r) => r.area === area);
    const failures = results.filter((r) => r.status === 'FAIL' && !r.baselined).length;
    const skipped = results.filter((r) => r.status === 'SKIPPED' || r.status === 'COULD_NOT_JUDGE').length;
    const cases = results.map((r) => {
      const head = `<testcase classname="parley.${area}" name="${xmlEscape(`${r.id} ${r.title}`)}" time="${(r.durationMs / 1000).toFixed(3)}">`;
      const repro = r.evidence.map((e) => e.repro).join('\n');
      let inner = '';
      if (r.status === 'FAIL' && !r.baselined)
        inner = `<failure message="${xmlEscape(r.message)}">${xmlEscape([r.clause, ...deviationLines(r), repro].join('\n'))}</failure>`;
      else if (r.status === 'SKIPPED' || r.status === 'COULD_NOT_JUDGE')
        inner = `<skipped message="${xmlEscape(`${r.status}: ${r.message}`)}"/>`;
      else if (r.message)
        inner = `<system-out>${xmlEscape([`${r.status}: ${r.message}`, ...attemptLines(r), ...deviationLines(r)].join('\n'))}</system-out>`;
      return `    ${head}${inner}</testcase>`;
    });
    return `  <testsuite name="parley-conformance.${area}" tests="${results.length}" failures="${failures}" skipped="${skipped}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  // The baseline's own suite: an expired entry fails (it fails the run), a stale one is skipped.
  const baseline = report.baseline;
  if (baseline && baseline.expired.length + baseline.stale.length > 0) {
    const entry = (e: { fingerprint: string }) =>
      `<testcase classname="parley.baseline" name="${xmlEscape(e.fingerprint)}" time="0">`;
    const cases = [
      ...baseline.expired.map(
        (e) =>
          `    ${entry(e)}<failure message="${xmlEscape(`baseline entry expired ${e.expires}: ${e.reason}`)}">${xmlEscape(`${e.fingerprint}\nexpired ${e.expires}; renew or fix it`)}</failure></testcase>`,
      ),
      ...baseline.stale.map(
        (e) =>
          `    ${entry(e)}<skipped message="${xmlEscape(`stale baseline entry (matched nothing; remove it): ${e.reason}`)}"/></testcase>`,
      ),
    ];
    suites.push(
      `  <testsuite name="parley-conformance.baseline" tests="${cases.length}" failures="${baseline.expired.length}" skipped="${baseline.stale.length}">\n${cases.join('\n')}\n  </testsuite>`,
    );
  }
  suites.push(coverageSuite(report.coverage));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="parley-conformance">\n${suites.join('\n')}\n</testsuites>\n`;
}
