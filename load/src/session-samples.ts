import { closeKind } from './close-code.js';
import { redactSecrets } from './deployment-check.js';
import { closeMetric, errorMetric, M } from './metric-names.js';
import { sampleTags } from './sample-gates.js';
import type { SessionReport } from './stream-session.js';

// What one live session adds to the run's metrics, as a list: the k6 scripts add exactly these to
// their metric objects (k6/lib/metrics.ts), and the tests judge the same list by k6's threshold
// rules, so what a run's verdict sees is tested without k6. Each trend and rate also bumps the
// samples counter (sample-gates.ts) by how many values it got.

export interface Sample {
  metric: string;
  value: number | boolean;
  tags: Record<string, string>;
}

/** One session's samples; `tags` (e.g. the capacity level) go on every one. */
export function sessionSamples(report: SessionReport, tags: Record<string, string> = {}): Sample[] {
  const out: Sample[] = [];
  const values = (metric: string, xs: readonly (number | boolean | undefined)[]) => {
    const got = xs.filter((x): x is number | boolean => x !== undefined);
    for (const value of got) out.push({ metric, value, tags });
    if (got.length > 0) out.push({ metric: M.samples, value: got.length, tags: sampleTags(metric, tags) });
  };
  values(M.connected, [report.connectedMs]);
  values(M.firstInterim, report.firstResultMs);
  values(M.turnFinal, report.turnFinalMs);
  values(M.endToFinal, [report.endToLastFinalMs]);
  values(M.endToFinished, [report.endToFinishedMs]);
  values(M.wer, [report.wer]);
  values(M.pacingLag, report.pacingLagMs);
  values(M.finished, [report.finished]);
  if (report.lostFinal) out.push({ metric: M.lostFinals, value: 1, tags });
  out.push({
    metric: closeMetric(closeKind(report.closeCode)),
    value: 1,
    tags: { ...tags, code: String(report.closeCode ?? 'none') },
  });
  if (report.errorKind)
    out.push({
      metric: errorMetric(report.errorKind),
      value: 1,
      tags: { ...tags, error: redactSecrets(report.error ?? '').slice(0, 80) },
    });
  return out;
}
