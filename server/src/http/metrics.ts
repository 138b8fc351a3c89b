import type { ServerResponse } from 'node:http';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { routeLabelOf } from './locals.js';

// Prometheus metrics of one app: request counts and durations by route and status. The route label
// is the mounted path pattern (never the raw URL, whose ids would make the label set unbounded).

export interface Metrics {
  registry: Registry;
  /** Counts the request and records its duration when its answer is finished. */
  observe(res: ServerResponse, method: string): void;
}

export function createMetrics(options: { processMetrics: boolean }): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'parley_' });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'parley_http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'parley_http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120, 600],
    registers: [registry],
  });
  const observe = (res: ServerResponse, method: string) => {
    const stop = duration.startTimer();
    res.once('finish', () => {
      const labels = { method, route: routeOf(res), status: String(res.statusCode) };
      requests.inc(labels);
      stop(labels);
    });
  };
  return { registry, observe };
}

/** The route table's pattern of the request's route; `unmatched` for a path no route holds. */
function routeOf(res: ServerResponse): string {
  return routeLabelOf(res) ?? 'unmatched';
}
