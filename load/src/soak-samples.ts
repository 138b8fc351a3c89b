import { percentile } from './capacity-search.js';
import type { Point, Series, SeriesKind } from './soak-verdict.js';

// What one soak sample reads, as plain functions of the text read (so they are tested without a
// server): the process's own files under /proc, and prom-client's default metrics on /metrics (the
// reference server registers them with the `parley_` prefix; another deployment's /metrics may
// have them unprefixed, or not at all). A figure missing from a sample is NaN, and the verdict
// counts only real samples.

/** The prom-client default metrics a sample reads, by the series they feed. */
export const PROCESS_METRICS = {
  heap: 'nodejs_heap_size_used_bytes',
  handles: 'nodejs_active_handles_total',
  /** prom-client resets its event-loop histogram at each scrape: the p99 since the last one. */
  eventLoopP99: 'nodejs_eventloop_lag_p99_seconds',
  rss: 'process_resident_memory_bytes',
  fds: 'process_open_fds',
} as const;

/** Unlabelled samples of a Prometheus text exposition, by name (a `parley_` prefix is dropped). */
export function metricValues(text: string): Map<string, number> {
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*) (\S+)/.exec(line);
    if (!match?.[1] || match[2] === undefined) continue;
    values.set(match[1].replace(/^parley_/, ''), Number(match[2]));
  }
  return values;
}

/** Resident set size in bytes from /proc/<pid>/status (`VmRSS:   123456 kB`). */
export function rssFromStatus(status: string): number {
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  return kb === undefined ? Number.NaN : Number(kb) * 1024;
}

/** One sample of the server, every figure NaN that could not be read. */
export interface ServerSample {
  t: number;
  rss: number;
  heap: number;
  fds: number;
  handles: number;
  eventLoopP99Ms: number;
  databaseBytes: number;
}

/** A sample's process figures from /metrics, with /proc's where the soak could read them. */
export function serverSample(
  t: number,
  metrics: Map<string, number>,
  proc: { rss?: number; fds?: number; databaseBytes?: number },
): ServerSample {
  const m = (name: string) => metrics.get(name) ?? Number.NaN;
  return {
    t,
    rss: proc.rss ?? m(PROCESS_METRICS.rss),
    heap: m(PROCESS_METRICS.heap),
    fds: proc.fds ?? m(PROCESS_METRICS.fds),
    handles: m(PROCESS_METRICS.handles),
    eventLoopP99Ms: m(PROCESS_METRICS.eventLoopP99) * 1000,
    databaseBytes: proc.databaseBytes ?? Number.NaN,
  };
}

/**
 * Requests a window needs before its p95 is a sample of the route's series: the p95 of 5 was their
 * slowest, so a route of one request every 20 s (file STT) failed on one slow answer while the
 * machine's load went from 1 to 21; a route too rare for 20 is not judged (its window carries on).
 */
export const MIN_WINDOW_REQUESTS = 20;

/** Client-side latencies of one sampling window, by route. */
export class LatencyWindow {
  private latencies = new Map<string, number[]>();

  add(route: string, ms: number): void {
    const list = this.latencies.get(route) ?? [];
    list.push(ms);
    this.latencies.set(route, list);
  }

  /**
   * Each route's p95 over the window, and a fresh window. A route with fewer than
   * MIN_WINDOW_REQUESTS requests (file STT every 20 s) keeps them for the next window, so each of
   * its points spans as many windows as it takes.
   */
  close(): Map<string, { p95: number; count: number }> {
    const out = new Map<string, { p95: number; count: number }>();
    const kept = new Map<string, number[]>();
    for (const [route, list] of this.latencies) {
      if (list.length >= MIN_WINDOW_REQUESTS)
        out.set(route, { p95: percentile(list, 95), count: list.length });
      else kept.set(route, list);
    }
    this.latencies = kept;
    return out;
  }
}

const PROCESS_SERIES: [keyof Omit<ServerSample, 't'>, string, SeriesKind, Series['unit']][] = [
  ['rss', 'rss', 'rss', 'bytes'],
  ['heap', 'heap used', 'heap', 'bytes'],
  ['fds', 'open fds', 'fds', 'count'],
  ['handles', 'active handles', 'handles', 'count'],
  ['eventLoopP99Ms', 'event-loop p99', 'eventLoopP99', 'ms'],
  ['databaseBytes', 'database', 'database', 'bytes'],
];

/**
 * The series of a run: each process figure that was read at least once, then a route's p95 per
 * window. A figure never read (no /proc, no /metrics) is left out and named in `unavailable`.
 */
export function soakSeries(
  samples: readonly ServerSample[],
  routes: readonly { t: number; p95: Map<string, { p95: number }> }[],
): { series: Series[]; unavailable: string[] } {
  const series: Series[] = [];
  const unavailable: string[] = [];
  for (const [key, name, kind, unit] of PROCESS_SERIES) {
    const points: Point[] = samples.map((s) => ({ t: s.t, v: s[key] })).filter((p) => Number.isFinite(p.v));
    if (points.length === 0) unavailable.push(name);
    else series.push({ name, kind, unit, points });
  }
  const names = [...new Set(routes.flatMap((w) => [...w.p95.keys()]))].sort();
  for (const route of names) {
    const points = routes.flatMap((w) => {
      const v = w.p95.get(route)?.p95;
      return v === undefined ? [] : [{ t: w.t, v }];
    });
    series.push({ name: `p95 ${route}`, kind: 'routeP95', unit: 'ms', points });
  }
  return { series, unavailable };
}
