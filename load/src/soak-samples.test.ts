import { describe, expect, it } from 'vitest';
import {
  LatencyWindow,
  MIN_WINDOW_REQUESTS,
  metricValues,
  rssFromStatus,
  serverSample,
  soakSeries,
} from './soak-samples.js';

const METRICS = `# HELP parley_nodejs_heap_size_used_bytes Process heap size used from Node.js in bytes.
# TYPE parley_nodejs_heap_size_used_bytes gauge
parley_nodejs_heap_size_used_bytes 52428800
parley_nodejs_active_handles_total 17
parley_nodejs_eventloop_lag_p99_seconds 0.0123
parley_process_resident_memory_bytes 300000000
parley_process_open_fds 41
parley_http_requests_total{method="POST",route="/v1/get-meetings",status="200"} 12
`;

describe('soak samples', () => {
  it('reads the default metrics, prefixed or not, and skips labelled lines', () => {
    const values = metricValues(METRICS);
    expect(values.get('nodejs_heap_size_used_bytes')).toBe(52428800);
    expect(values.get('http_requests_total')).toBeUndefined();
    expect(metricValues('nodejs_active_handles_total 3\n').get('nodejs_active_handles_total')).toBe(3);
  });

  it("prefers the process's own files to /metrics and marks what is missing NaN", () => {
    const local = serverSample(30, metricValues(METRICS), { rss: 1024, fds: 9, databaseBytes: 4096 });
    expect(local).toEqual({
      t: 30,
      rss: 1024,
      heap: 52428800,
      fds: 9,
      handles: 17,
      eventLoopP99Ms: 12.3,
      databaseBytes: 4096,
    });
    const remote = serverSample(30, metricValues(METRICS), {});
    expect(remote.rss).toBe(300000000);
    expect(remote.fds).toBe(41);
    expect(remote.databaseBytes).toBeNaN();
    expect(serverSample(0, new Map(), {}).heap).toBeNaN();
  });

  it('reads VmRSS from /proc/<pid>/status', () => {
    expect(rssFromStatus('Name:\tnode\nVmRSS:\t  204800 kB\nVmData:\t1 kB\n')).toBe(204800 * 1024);
    expect(rssFromStatus('Name:\tnode\n')).toBeNaN();
  });

  it('a window gives each route with enough requests its p95; a rarer route waits for enough', () => {
    const window = new LatencyWindow();
    for (let i = 1; i <= MIN_WINDOW_REQUESTS; i++) window.add('get-meetings', i);
    for (let i = 0; i < MIN_WINDOW_REQUESTS - 2; i++) window.add('stt', 1000);
    const closed = window.close();
    expect(closed.get('get-meetings')?.p95).toBeCloseTo(1 + 0.95 * (MIN_WINDOW_REQUESTS - 1));
    expect(closed.has('stt')).toBe(false);
    for (let i = 0; i < 2; i++) window.add('stt', 2000);
    const next = window.close();
    expect(next.get('stt')).toEqual({ p95: 2000, count: MIN_WINDOW_REQUESTS });
    expect(next.has('get-meetings')).toBe(false);
    expect(window.close().size).toBe(0);
  });

  it('builds the series, naming the figures never read', () => {
    const samples = [0, 30].map((t) => serverSample(t, metricValues(METRICS), {}));
    const { series, unavailable } = soakSeries(samples, [
      { t: 30, p95: new Map([['stt', { p95: 900 }]]) },
      { t: 60, p95: new Map() },
    ]);
    expect(unavailable).toEqual(['database']);
    expect(series.map((s) => s.name)).toEqual([
      'rss',
      'heap used',
      'open fds',
      'active handles',
      'event-loop p99',
      'p95 stt',
    ]);
    expect(series.at(-1)?.points).toEqual([{ t: 30, v: 900 }]);
  });
});
