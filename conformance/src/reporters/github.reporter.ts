import type { CheckResult } from '../check.js';
import { CHECKS } from '../checks/index.js';
import { EXIT } from '../exit-codes.js';
import { flagsWanted } from '../matrix/coverage.js';
import type { RunReport } from '../report.js';
import { attemptLines } from '../retry.js';
import { annotation } from './github-commands.js';

// The `github` reporter: a Markdown summary for the job's page ($GITHUB_STEP_SUMMARY, and summary.md
// beside the other reports for a pull-request comment) and one workflow command per finding: an
// ::error per failure (and per expired baseline entry), a ::warning per NON_STRICT, a ::notice per
// FLAKY. The report it reads is already redacted, so neither carries a secret.

/** Failures written out whole; past it only named. */
const DETAILED = 40;
/** GitHub refuses a step summary over 1 MiB: fewer failures are written out whole until it fits. */
export const SUMMARY_LIMIT_BYTES = 1024 * 1024;

const VERDICT: Record<number, string> = {
  [EXIT.CONFORMS.code]: '✅ conforms',
  [EXIT.FAILED.code]: '❌ does not conform',
  [EXIT.NOT_JUDGED.code]: '⚠️ could not judge',
};

/** Text in a Markdown table cell or line: no line breaks, pipes escaped, HTML shown as text. */
const text = (value: string) =>
  value
    .replace(/\r?\n/g, ' ')
    .replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c] as string)
    .replace(/\|/g, '\\|');

/** Backticks one more than the longest run in `body`: a fence its content cannot close. */
const fenceFor = (body: string, least: number) =>
  '`'.repeat(Math.max(least, ...(body.match(/`+/g) ?? []).map((run) => run.length + 1)));

/** A code span (shown literally, `<API_KEY>` included), safe in a table cell. */
const code = (value: unknown) => {
  const raw = (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).replace(/\r?\n/g, ' ');
  const fence = fenceFor(raw, 1);
  return `${fence} ${raw.replace(/\|/g, '\\|')} ${fence}`;
};

/** A code block of shell lines. */
const block = (body: string) => {
  const fence = fenceFor(body, 3);
  return [`${fence}sh`, body, fence];
};

/** The sentence of the spec a check rests on (the registry's), its clause otherwise. */
const sentenceOf = (r: CheckResult) => CHECKS.find((c) => c.id === r.id)?.spec ?? r.clause;

/**
 * The command that runs one check again against the same deployment, seed and profile. The kit
 * reads the key from PARLEY_API_KEY itself: a command line is readable by every user of the machine.
 */
export const replayCommand = (reportJson: string, id: string): string =>
  `npx parley-conformance replay ${reportJson} ${id}   # the key in PARLEY_API_KEY`;

const failing = (r: CheckResult) => r.status === 'FAIL' && !r.baselined;

function failureSection(r: CheckResult, reportJson: string): string[] {
  const rows = (r.deviations ?? []).map(
    (d) =>
      `| ${code(d.code)} | ${code(d.path)} | ${'expected' in d ? code(d.expected) : ''} | ${'actual' in d ? code(d.actual) : ''} | ${text(d.message)} |`,
  );
  const last = r.evidence.at(-1);
  return [
    `#### ❌ \`${r.id}\` (${r.level}): ${text(r.title)}`,
    '',
    `> ${text(sentenceOf(r))}`,
    '',
    text(r.message),
    '',
    ...(rows.length
      ? ['| Code | Path | Expected | Actual | Finding |', '|---|---|---|---|---|', ...rows, '']
      : []),
    ...(r.omitted ? [`… and ${r.omitted} more deviations (their fingerprints are in report.json).`, ''] : []),
    ...attemptLines(r).map((line) => `- ${text(line)}`),
    'Run it again:',
    ...block(replayCommand(reportJson, r.id)),
    ...(last
      ? [
          `<details><summary>Last exchange: ${text(`${last.method} ${last.url} → ${last.status ?? 'no answer'}`)}</summary>`,
          '',
          ...block(last.repro),
          '</details>',
        ]
      : []),
    '',
  ];
}

/** The spec coverage (report.coverage, counted in facts), the gate, and what an input would add. */
function coverageSection(report: RunReport): string[] {
  const c = report.coverage;
  const gate = report.coverageGate;
  const wanted = flagsWanted(c);
  return [
    '### Spec coverage',
    '',
    `**${c.percent.toFixed(1)} %** of the spec's judgeable facts judged (${c.judged} of ${c.judgeable}: ${c.passed} passed, ${c.failed} failed, ${c.flaky} flaky); ${c.skipped} skipped, ${c.notRun} not run, ${c.notJudgeable} not judgeable.`,
    ...(gate
      ? [
          '',
          `--min-coverage ${gate.min} %: ${gate.met ? 'met' : `**not met** (fails the run): ${text(gate.reason ?? '')}`}`,
        ]
      : []),
    ...(wanted.length
      ? [
          '',
          'What a missing input would add:',
          '',
          '| Flag | Facts it would let the kit judge |',
          '|---|---|',
          ...wanted.map(([flag, n]) => `| ${code(flag)} | ${n} |`),
        ]
      : []),
    '',
  ];
}

function baselineSection(report: RunReport): string[] {
  const accepted = report.results.filter((r) => r.baselined);
  const expired = report.baseline?.expired ?? [];
  const stale = report.baseline?.stale ?? [];
  if (accepted.length + expired.length + stale.length === 0) return [];
  const row = (kind: string, fingerprint: string, reason: string, expires = '') =>
    `| ${kind} | ${code(fingerprint)} | ${text(reason)} | ${expires} |`;
  return [
    '### Baseline',
    '',
    '| | Fingerprint or check | Reason | Expires |',
    '|---|---|---|---|',
    ...accepted.map((r) => row('accepted', r.id, r.baselined ?? '')),
    ...expired.map((e) => row('**expired** (fails the run)', e.fingerprint, e.reason, e.expires)),
    ...stale.map((e) => row('stale (matched nothing: remove it)', e.fingerprint, e.reason, e.expires)),
    '',
  ];
}

function listSection(title: string, results: CheckResult[], extra: (r: CheckResult) => string[] = () => []) {
  if (results.length === 0) return [];
  return [
    `### ${title}`,
    '',
    ...results.flatMap((r) => [
      `- \`${r.id}\`: ${text(r.message)}`,
      ...extra(r).map((line) => `  - ${text(line)}`),
    ]),
    '',
  ];
}

/** The step summary (and summary.md): verdict, counts, failures in full, then the rest by kind. */
export function githubSummary(report: RunReport, reportJson: string): string {
  for (let detailed = DETAILED; ; detailed = Math.floor(detailed / 2)) {
    const summary = render(report, reportJson, detailed);
    if (detailed === 0 || Buffer.byteLength(summary) <= SUMMARY_LIMIT_BYTES) return summary;
  }
}

function render(report: RunReport, reportJson: string, detailed: number): string {
  const failures = report.results.filter(failing);
  const statuses = Object.keys(report.summary);
  return [
    `## Parley conformance: ${VERDICT[report.exitCode] ?? `exit ${report.exitCode}`}`,
    '',
    `${code(report.baseUrl)} · profile ${report.profile} · seed ${report.seed} · ${(report.durationMs / 1000).toFixed(1)} s · exit ${report.exitCode}${report.retries ? ` · a failing check run again up to ${report.retries}×` : ''}`,
    '',
    `| ${statuses.join(' | ')} |`,
    `|${statuses.map(() => '---').join('|')}|`,
    `| ${statuses.map((s) => report.summary[s]).join(' | ')} |`,
    '',
    ...coverageSection(report),
    ...(failures.length ? ['### Failures', ''] : []),
    ...failures.slice(0, detailed).flatMap((r) => failureSection(r, reportJson)),
    ...(failures.length > detailed
      ? [
          `… and ${failures.length - detailed} more (report.html has every one): ${failures
            .slice(detailed)
            .map((r) => `\`${r.id}\``)
            .join(', ')}`,
          '',
        ]
      : []),
    ...listSection(
      'Flaky (failed, then did not fail again: not a failure, not a pass)',
      report.results.filter((r) => r.status === 'FLAKY'),
      attemptLines,
    ),
    ...listSection(
      "Non-strict (a SHOULD not met, or a choice of Parley's the spec leaves open)",
      report.results.filter((r) => r.status === 'NON_STRICT'),
    ),
    ...baselineSection(report),
    ...listSection(
      'Could not judge',
      report.results.filter((r) => r.status === 'COULD_NOT_JUDGE'),
    ),
    ...listSection(
      'Skipped',
      report.results.filter((r) => r.status === 'SKIPPED'),
    ),
  ].join('\n');
}

/**
 * The workflow commands: one per failure, for a coverage gate not met, per expired baseline entry,
 * per NON_STRICT and per FLAKY result.
 */
export function githubAnnotations(report: RunReport, reportJson: string): string[] {
  const title = (r: CheckResult) => `${r.id} (${r.level}, ${r.status})`;
  return [
    ...report.results
      .filter(failing)
      .map((r) =>
        annotation(
          'error',
          title(r),
          `${r.message}\nThe spec: ${sentenceOf(r)}\nRun it again: ${replayCommand(reportJson, r.id)}`,
        ),
      ),
    ...(report.coverageGate?.met === false
      ? [annotation('error', 'spec coverage under --min-coverage', report.coverageGate.reason ?? '')]
      : []),
    ...(report.baseline?.expired ?? []).map((e) =>
      annotation(
        'error',
        'baseline entry expired',
        `${e.fingerprint} expired ${e.expires} (${e.reason}): renew or fix it`,
      ),
    ),
    ...report.results
      .filter((r) => r.status === 'NON_STRICT')
      .map((r) => annotation('warning', title(r), `${r.message}\nThe spec: ${sentenceOf(r)}`)),
    ...report.results
      .filter((r) => r.status === 'FLAKY')
      .map((r) => annotation('notice', title(r), [r.message, ...attemptLines(r)].join('\n'))),
  ];
}
