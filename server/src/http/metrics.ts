import type { Request, RequestHandler } from 'express';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

// Prometheus metrics of one app: request counts and durations by route and status. The route label
// is the mounted path pattern (never the raw URL, whose ids would make the label set unbounded).

export interface Metrics {
  registry: Registry;
  middleware: RequestHandler;
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
  const middleware: RequestHandler = (req, res, next) => {
    const stop = duration.startTimer();
    res.on('finish', () => {
      const labels = { method: req.method, route: routeOf(req), status: String(res.statusCode) };
      requests.inc(labels);
      stop(labels);
    });
    next();
  };
  return { registry, middleware };
}

function routeOf(req: Request): string {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? `${req.baseUrl}${path}` : 'unmatched';
}
