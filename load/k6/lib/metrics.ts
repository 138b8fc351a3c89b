import { Counter, Rate, Trend } from 'k6/metrics';
import { CLOSE_KINDS, type CloseKind, closeKind } from '../../src/close-code.ts';
import { redactSecrets } from '../../src/deployment-check.ts';
import { closeMetric, errorMetric, M } from '../../src/metric-names.ts';
import { ERROR_KINDS, type ErrorKind, type SessionReport } from '../../src/stream-session.ts';

// The k6 metric objects, created once at init (k6 allows no metric creation later). Close codes
// and errors get one counter per kind so the summary and its JSON break them down (k6 shows a
// tagged submetric only when a threshold names it); the exact code and error ride along as tags
// for outputs such as Prometheus.

export const metrics = {
  connected: new Trend(M.connected, true),
  firstInterim: new Trend(M.firstInterim, true),
  turnFinal: new Trend(M.turnFinal, true),
  endToFinal: new Trend(M.endToFinal, true),
  endToFinished: new Trend(M.endToFinished, true),
  wer: new Trend(M.wer),
  finished: new Rate(M.finished),
  lostFinals: new Counter(M.lostFinals),
  pacingLag: new Trend(M.pacingLag, true),
};

const closes = Object.fromEntries(CLOSE_KINDS.map((k) => [k, new Counter(closeMetric(k))])) as Record<
  CloseKind,
  Counter
>;
const errors = Object.fromEntries(ERROR_KINDS.map((k) => [k, new Counter(errorMetric(k))])) as Record<
  ErrorKind,
  Counter
>;

/** Adds one session's figures; `tags` (e.g. the capacity level) go on every sample. */
export function recordSession(report: SessionReport, tags: Record<string, string> = {}): void {
  if (report.connectedMs !== undefined) metrics.connected.add(report.connectedMs, tags);
  for (const ms of report.firstResultMs) metrics.firstInterim.add(ms, tags);
  for (const ms of report.turnFinalMs) metrics.turnFinal.add(ms, tags);
  if (report.endToLastFinalMs !== undefined) metrics.endToFinal.add(report.endToLastFinalMs, tags);
  if (report.endToFinishedMs !== undefined) metrics.endToFinished.add(report.endToFinishedMs, tags);
  if (report.wer !== undefined) metrics.wer.add(report.wer, tags);
  for (const ms of report.pacingLagMs) metrics.pacingLag.add(ms, tags);
  metrics.finished.add(report.finished, tags);
  if (report.lostFinal) metrics.lostFinals.add(1, tags);
  closes[closeKind(report.closeCode)].add(1, { ...tags, code: String(report.closeCode ?? 'none') });
  if (report.errorKind)
    errors[report.errorKind].add(1, { ...tags, error: redactSecrets(report.error ?? '').slice(0, 80) });
}
