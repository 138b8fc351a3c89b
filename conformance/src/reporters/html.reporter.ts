import type { CheckResult } from '../check.js';
import type { RunReport } from '../report.js';
import { attemptLines } from '../retry.js';
import { coverageSection } from './coverage-lines.js';
import { htmlEscape as esc } from './markup-escape.js';

// One self-contained HTML file (inline CSS, no scripts, no external assets) a person opens in a
// browser: a summary, the table of checks, and for each deviation its clause, message, exchanges
// (request and response excerpts) and a reproduction.

const COLORS: Record<string, string> = {
  PASS: '#1a7f37',
  FAIL: '#cf222e',
  NON_STRICT: '#9a6700',
  FLAKY: '#bc4c00',
  SKIPPED: '#6e7781',
  COULD_NOT_JUDGE: '#8250df',
};

const show = (value: unknown) =>
  value === undefined ? '' : esc(typeof value === 'string' ? value : JSON.stringify(value));

/** Every deviation of a result: code, path, expected, actual, message, fingerprint, baseline. */
function deviationTable(r: CheckResult): string {
  if (!r.deviations?.length) return '';
  const rows = r.deviations
    .map(
      (d) =>
        `<tr class="deviation"><td><code>${esc(d.code)}</code></td><td><code>${esc(d.path)}</code></td><td>${show(d.expected)}</td><td>${show(d.actual)}</td><td>${esc(d.message)}${d.choice ? " <em>(Parley's choice)</em>" : ''}${d.baselined ? ` <em>(baselined: ${esc(d.baselined)})</em>` : ''}</td><td><code>${esc(d.fingerprint)}</code></td></tr>`,
    )
    .join('');
  const more = r.omitted
    ? `<p>… and ${r.omitted} more deviations (their fingerprints are in report.json).</p>`
    : '';
  return `<table class="deviations"><thead><tr><th>Code</th><th>Path</th><th>Expected</th><th>Actual</th><th>Finding</th><th>Fingerprint</th></tr></thead><tbody>${rows}</tbody></table>${more}`;
}

/** --min-coverage: whether the run met it, and why not (a run under it fails). */
function gateParagraph(report: RunReport): string {
  const gate = report.coverageGate;
  if (!gate) return '';
  const verdict = gate.met
    ? 'met'
    : `<b style="color:${COLORS.FAIL}">not met</b> (fails the run): ${esc(gate.reason ?? '')}`;
  return `<p id="coverage-gate">--min-coverage ${gate.min} %: ${verdict}</p>`;
}

/** A retried check's attempts (FLAKY: the failure did not repeat), each answer in order. */
function attemptList(r: CheckResult): string {
  const lines = attemptLines(r);
  return lines.length ? `<ol class="attempts">${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ol>` : '';
}

/** The baseline entries that expired (they fail the run) and those that matched nothing. */
function baselineSection(report: RunReport): string {
  const b = report.baseline;
  if (!b || b.expired.length + b.stale.length === 0) return '';
  const row = (kind: string, color: string, e: { fingerprint: string; reason: string; expires: string }) =>
    `<tr class="baseline-${kind}"><td><span class="badge" style="background:${color}">${kind}</span></td><td><code>${esc(e.fingerprint)}</code></td><td>${esc(e.reason)}</td><td>${esc(e.expires)}</td></tr>`;
  return `<h2 id="baseline">Baseline</h2><p>An expired entry fails the run; a stale one matched no deviation of this run (remove it).</p><table><thead><tr><th></th><th>Fingerprint</th><th>Reason</th><th>Expires</th></tr></thead><tbody>${[
    ...b.expired.map((e) => row('EXPIRED', COLORS.FAIL as string, e)),
    ...b.stale.map((e) => row('STALE', COLORS.SKIPPED as string, e)),
  ].join('')}</tbody></table>`;
}

export function htmlReport(report: RunReport): string {
  const rows = report.results
    .map(
      (r) =>
        `<tr><td><span class="badge" style="background:${COLORS[r.status]}">${r.status}</span></td><td><code>${esc(r.id)}</code></td><td>${r.level}</td><td>${esc(r.title)}</td><td>${esc(r.message)}${r.baselined ? ` <em>(baselined: ${esc(r.baselined)})</em>` : ''}</td></tr>`,
    )
    .join('\n');
  const details = report.results
    .filter((r) => r.status === 'FAIL' || r.status === 'NON_STRICT' || r.status === 'FLAKY')
    .map((r) => {
      const exchanges = r.evidence
        .map(
          (e) =>
            `<div class="exchange"><div><b>${esc(e.method)}</b> ${esc(e.url)} → <b>${e.status ?? 'no answer'}</b></div>${e.requestBody ? `<pre>${esc(e.requestBody)}</pre>` : ''}${e.responseBody ? `<pre>${esc(e.responseBody)}</pre>` : ''}<div>Reproduce:</div><pre class="repro">${esc(e.repro)}</pre></div>`,
        )
        .join('');
      return `<section id="${esc(r.id)}"><h3 style="color:${COLORS[r.status]}">${esc(r.id)}</h3><p><b>Clause:</b> ${esc(r.clause)}</p><p><b>Found:</b> ${esc(r.message)}</p>${attemptList(r)}${deviationTable(r)}${exchanges}</section>`;
    })
    .join('\n');
  const summary = Object.entries(report.summary)
    .map(
      ([status, n]) =>
        `<span class="badge" style="background:${COLORS[status] ?? '#444'}">${n} ${status}</span>`,
    )
    .join(' ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Parley conformance — ${esc(report.baseUrl)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1f2328}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #d0d7de;padding:.35rem .5rem;text-align:left;vertical-align:top}
.badge{color:#fff;border-radius:4px;padding:1px 6px;font-size:12px;white-space:nowrap}
pre{background:#f6f8fa;padding:.5rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all;max-height:16rem}
.exchange{border-left:3px solid #d0d7de;padding-left:.75rem;margin:.75rem 0}section{margin-top:1.5rem}
</style></head><body>
<h1>Parley conformance report</h1>
<p>${esc(report.baseUrl)} · profile ${report.profile} · seed ${report.seed} · run ${esc(report.runId)} · ${esc(report.startedAt)} · ${(report.durationMs / 1000).toFixed(1)} s · exit ${report.exitCode}</p>
<p>${summary}</p>
<table id="checks"><thead><tr><th>Status</th><th>Check</th><th>Level</th><th>Rule</th><th>Result</th></tr></thead><tbody>
${rows}
</tbody></table>
${coverageSection(report.coverage)}
${gateParagraph(report)}
${baselineSection(report)}
<h2>Deviations</h2>
${details || '<p>None.</p>'}
</body></html>
`;
}
