import type { RunReport } from '../report.js';

// One self-contained HTML file (inline CSS, no scripts, no external assets) a person opens in a
// browser: a summary, the table of checks, and for each deviation its clause, message, exchanges
// (request and response excerpts) and a reproduction.

const esc = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] as string);

const COLORS: Record<string, string> = {
  PASS: '#1a7f37',
  FAIL: '#cf222e',
  NON_STRICT: '#9a6700',
  SKIPPED: '#6e7781',
  COULD_NOT_JUDGE: '#8250df',
};

export function htmlReport(report: RunReport): string {
  const rows = report.results
    .map(
      (r) =>
        `<tr><td><span class="badge" style="background:${COLORS[r.status]}">${r.status}</span></td><td><code>${esc(r.id)}</code></td><td>${r.level}</td><td>${esc(r.title)}</td><td>${esc(r.message)}${r.baselined ? ` <em>(baselined: ${esc(r.baselined)})</em>` : ''}</td></tr>`,
    )
    .join('\n');
  const details = report.results
    .filter((r) => r.status === 'FAIL' || r.status === 'NON_STRICT')
    .map((r) => {
      const exchanges = r.evidence
        .map(
          (e) =>
            `<div class="exchange"><div><b>${esc(e.method)}</b> ${esc(e.url)} → <b>${e.status ?? 'no answer'}</b></div>${e.requestBody ? `<pre>${esc(e.requestBody)}</pre>` : ''}${e.responseBody ? `<pre>${esc(e.responseBody)}</pre>` : ''}<div>Reproduce:</div><pre class="repro">${esc(e.repro)}</pre></div>`,
        )
        .join('');
      return `<section id="${esc(r.id)}"><h3 style="color:${COLORS[r.status]}">${esc(r.id)}</h3><p><b>Clause:</b> ${esc(r.clause)}</p><p><b>Found:</b> ${esc(r.message)}</p>${r.fingerprint ? `<p><b>Fingerprint:</b> <code>${esc(r.fingerprint)}</code></p>` : ''}${exchanges}</section>`;
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
<table><thead><tr><th>Status</th><th>Check</th><th>Level</th><th>Rule</th><th>Result</th></tr></thead><tbody>
${rows}
</tbody></table>
<h2>Deviations</h2>
${details || '<p>None.</p>'}
</body></html>
`;
}
