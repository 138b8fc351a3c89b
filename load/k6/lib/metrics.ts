import { Counter, Rate, Trend } from 'k6/metrics';
import { M } from '../../src/metric-names.ts';
import type { SessionReport } from '../../src/stream-session.ts';

// The k6 metric objects, created once at init (k6 allows no metric creation later).

export const metrics = {
  connected: new Trend(M.connected, true),
  firstInterim: new Trend(M.firstInterim, true),
  transcriptLag: new Trend(M.transcriptLag, true),
  endToFinal: new Trend(M.endToFinal, true),
  endToFinished: new Trend(M.endToFinished, true),
  finished: new Rate(M.finished),
  lostFinals: new Counter(M.lostFinals),
  closed: new Counter(M.closed),
  streamErrors: new Counter(M.streamErrors),
  pacingLag: new Trend(M.pacingLag, true),
};

/** Adds one session's figures; `tags` (e.g. the capacity level) go on every sample. */
export function recordSession(report: SessionReport, tags: Record<string, string> = {}): void {
  if (report.connectedMs !== undefined) metrics.connected.add(report.connectedMs, tags);
  if (report.firstInterimMs !== undefined) metrics.firstInterim.add(report.firstInterimMs, tags);
  if (report.endToLastFinalMs !== undefined) metrics.endToFinal.add(report.endToLastFinalMs, tags);
  if (report.endToFinishedMs !== undefined) metrics.endToFinished.add(report.endToFinishedMs, tags);
  for (const lag of report.transcriptLagMs) metrics.transcriptLag.add(lag, tags);
  metrics.finished.add(report.finished, tags);
  if (report.lostFinal) metrics.lostFinals.add(1, tags);
  metrics.closed.add(1, { ...tags, code: String(report.closeCode ?? 'none') });
  if (report.error) metrics.streamErrors.add(1, { ...tags, error: report.error });
}
