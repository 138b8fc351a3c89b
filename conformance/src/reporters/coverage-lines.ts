import { flagsWanted, type SentenceCoverage, type SentenceStatus } from '../matrix/coverage.js';
import { SENTENCES } from '../matrix/matrix.js';
import { htmlEscape as esc, xmlEscape } from './markup-escape.js';

// Sentence coverage as each reporter shows it: one line for the console, a section for the HTML
// report, the figures as JUnit properties. The figures are report.coverage's, never counted again.

const pct = (c: SentenceCoverage) => `${c.percent.toFixed(1)} %`;

/** "12 skipped for want of an input (--audio-base-url: 8, --second-api-key: 2)". */
function skippedText(c: SentenceCoverage): string {
  const flags = flagsWanted(c).map(([flag, n]) => `${flag}: ${n}`);
  return `${c.skipped} skipped${flags.length ? ` (for want of ${flags.join(', ')})` : ''}`;
}

/** The figures after the percentage, the same in the console's line and the HTML report's. */
const breakdown = (c: SentenceCoverage) =>
  `${c.passed} passed, ${c.failed} failed${c.flaky ? `, ${c.flaky} flaky` : ''}; ${skippedText(c)}; ${c.notRun} not run; ${c.notJudgeable} not judgeable`;

/** The console's coverage lines: the figures, then the failed sentences' ids. */
export function coverageLines(c: SentenceCoverage): string[] {
  const failed = c.sentences.filter((s) => s.status === 'failed').map((s) => s.id);
  return [
    `Sentence coverage: ${c.judged} of ${c.judgeable} judgeable sentences judged (${pct(c)}): ${breakdown(c)} (${c.total} in all, matrix/sentences.json)`,
    ...(failed.length ? [`  failed sentences: ${failed.join(', ')}`] : []),
  ];
}

const COLOR: Record<SentenceStatus, string> = {
  passed: '#1a7f37',
  failed: '#cf222e',
  flaky: '#bc4c00',
  skipped: '#6e7781',
  'not-run': '#8c959f',
  'not-judgeable': '#57606a',
};

/** The HTML report's section: the figures, then every sentence with its status, checks and reason. */
export function coverageSection(c: SentenceCoverage): string {
  const reasons = new Map(SENTENCES.map((s) => [s.id, s.unjudgeable]));
  const rows = c.sentences
    .map((s) => {
      const why = reasons.get(s.id);
      const note = s.flags
        ? `needs ${s.flags.join(' or ')}`
        : why
          ? `${why.reason} (would need: ${why.wouldNeed})`
          : '';
      return `<tr class="sentence-${s.status}"><td style="white-space:nowrap"><code>${esc(s.id)}</code></td><td><span class="badge" style="background:${COLOR[s.status]}">${s.status}</span></td><td>${esc(s.text)}</td><td>${s.checks.map((id) => `<code>${esc(id)}</code>`).join(' ')}</td><td>${esc(note)}</td></tr>`;
    })
    .join('\n');
  return `<h2 id="coverage">Sentence coverage</h2>
<p>${c.judged} of ${c.judgeable} judgeable sentences of the spec judged (<b>${pct(c)}</b>): ${esc(breakdown(c))} (${c.total} in all).</p>
<details><summary>Every sentence</summary><table id="sentences"><thead><tr><th>Sentence</th><th>Status</th><th>The spec's words</th><th>Checks</th><th>Needs / why not judgeable</th></tr></thead><tbody>
${rows}
</tbody></table></details>`;
}

/** JUnit: a suite of no test cases whose properties hold the figures (a check's verdict stays its own). */
export function coverageSuite(c: SentenceCoverage): string {
  const props: [string, string | number][] = [
    ['sentences.total', c.total],
    ['sentences.judgeable', c.judgeable],
    ['sentences.judged', c.judged],
    ['sentences.passed', c.passed],
    ['sentences.failed', c.failed],
    ['sentences.flaky', c.flaky],
    ['sentences.skipped', c.skipped],
    ['sentences.not-run', c.notRun],
    ['sentences.not-judgeable', c.notJudgeable],
    ['sentences.percent', c.percent.toFixed(1)],
    ...flagsWanted(c).map(([flag, n]): [string, number] => [`sentences.skipped-for ${flag}`, n]),
  ];
  const lines = props.map(
    ([name, value]) => `      <property name="${xmlEscape(name)}" value="${xmlEscape(String(value))}"/>`,
  );
  return `  <testsuite name="parley-conformance.coverage" tests="0" failures="0" skipped="0">\n    <properties>\n${lines.join('\n')}\n    </properties>\n  </testsuite>`;
}
