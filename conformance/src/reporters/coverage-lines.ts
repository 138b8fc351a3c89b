import { type CoverageStatus, flagsWanted, type SpecCoverage } from '../matrix/coverage.js';
import { SENTENCES } from '../matrix/matrix.js';
import { htmlEscape as esc, xmlEscape } from './markup-escape.js';

// Spec coverage (counted in facts) as each reporter shows it: one line for the console, a section for the HTML
// report, the figures as JUnit properties. The figures are report.coverage's, never counted again.

const pct = (c: SpecCoverage) => `${c.percent.toFixed(1)} %`;

/** "12 skipped for want of an input (--audio-base-url: 8, --second-api-key: 2)". */
function skippedText(c: SpecCoverage): string {
  const flags = flagsWanted(c).map(([flag, n]) => `${flag}: ${n}`);
  return `${c.skipped} skipped${flags.length ? ` (for want of ${flags.join(', ')})` : ''}`;
}

/** The figures after the percentage, the same in the console's line and the HTML report's. */
const breakdown = (c: SpecCoverage) =>
  `${c.passed} passed, ${c.failed} failed${c.flaky ? `, ${c.flaky} flaky` : ''}; ${skippedText(c)}; ${c.notRun} not run; ${c.notJudgeable} not judgeable`;

/** "(1204 facts in all, 40 of them provisional, of 257 sentences)". */
const sizes = (c: SpecCoverage) =>
  `${c.total} facts in all${c.provisional ? `, ${c.provisional} of them a provisional one for a whole sentence` : ''}, of ${c.sentences.length} sentences`;

/** The console's coverage lines: the figures, then the failed sentences' ids. */
export function coverageLines(c: SpecCoverage): string[] {
  const failed = c.sentences.filter((s) => s.status === 'failed').map((s) => s.id);
  return [
    `Spec coverage: ${c.judged} of ${c.judgeable} judgeable facts judged (${pct(c)}): ${breakdown(c)} (${sizes(c)}; matrix/facts.json)`,
    ...(failed.length ? [`  failed sentences: ${failed.join(', ')}`] : []),
  ];
}

const COLOR: Record<CoverageStatus, string> = {
  passed: '#1a7f37',
  failed: '#cf222e',
  flaky: '#bc4c00',
  skipped: '#6e7781',
  'not-run': '#8c959f',
  'not-judgeable': '#57606a',
};

/** The HTML report's section: the figures, then every sentence with its status, checks and reason. */
export function coverageSection(c: SpecCoverage): string {
  const reasons = new Map(SENTENCES.map((s) => [s.id, s.unjudgeable]));
  const rows = c.sentences
    .map((s) => {
      const why = reasons.get(s.id);
      const note = s.flags
        ? `needs ${s.flags.join(' or ')}`
        : why
          ? `${why.reason}${why.wouldNeed ? ` (would need: ${why.wouldNeed})` : ''}`
          : '';
      return `<tr class="sentence-${s.status}"><td style="white-space:nowrap"><code>${esc(s.id)}</code></td><td><span class="badge" style="background:${COLOR[s.status]}">${s.status}</span></td><td>${esc(s.text)}</td><td>${s.facts}</td><td>${s.checks.map((id) => `<code>${esc(id)}</code>`).join(' ')}</td><td>${esc(note)}</td></tr>`;
    })
    .join('\n');
  return `<h2 id="coverage">Spec coverage</h2>
<p>${c.judged} of ${c.judgeable} judgeable facts of the spec judged (<b>${pct(c)}</b>): ${esc(breakdown(c))} (${esc(sizes(c))}).</p>
<details><summary>Every sentence</summary><table id="sentences"><thead><tr><th>Sentence</th><th>Status</th><th>The spec's words</th><th>Facts</th><th>Checks</th><th>Needs / why not judgeable</th></tr></thead><tbody>
${rows}
</tbody></table></details>`;
}

/** JUnit: a suite of no test cases whose properties hold the figures (a check's verdict stays its own). */
export function coverageSuite(c: SpecCoverage): string {
  const props: [string, string | number][] = [
    ['facts.total', c.total],
    ['facts.judgeable', c.judgeable],
    ['facts.judged', c.judged],
    ['facts.passed', c.passed],
    ['facts.failed', c.failed],
    ['facts.flaky', c.flaky],
    ['facts.skipped', c.skipped],
    ['facts.not-run', c.notRun],
    ['facts.not-judgeable', c.notJudgeable],
    ['facts.provisional', c.provisional],
    ['facts.percent', c.percent.toFixed(1)],
    ['sentences.total', c.sentences.length],
    ...flagsWanted(c).map(([flag, n]): [string, number] => [`facts.skipped-for ${flag}`, n]),
  ];
  const lines = props.map(
    ([name, value]) => `      <property name="${xmlEscape(name)}" value="${xmlEscape(String(value))}"/>`,
  );
  return `  <testsuite name="parley-conformance.coverage" tests="0" failures="0" skipped="0">\n    <properties>\n${lines.join('\n')}\n    </properties>\n  </testsuite>`;
}
