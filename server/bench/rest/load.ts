import autocannon from 'autocannon';
import { type BenchRoute, REQUEST_BODIES } from './bench-data.js';
import { cpuSecondsOf } from './children.js';
import type { Target } from './target.js';

// One measurement: the same POST from autocannon (in this process, keep-alive connections) for a
// warm-up, then for the measured duration. The server's CPU over the measured window tells whether
// it was saturated; the client's tells whether autocannon itself was the limit.

export interface LoadOptions {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

export interface Measurement {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** Status counts other than 2xx, e.g. {"422": 10}. */
  statuses: Record<string, number>;
  bytesPerAnswer: number;
  /** CPU seconds per wall second, 1.0 = one core. */
  serverCpu: number | undefined;
  clientCpu: number;
}

/** A request that takes longer than this counts as a timeout (an error), never hangs the bench. */
const REQUEST_TIMEOUT_S = 10;

function fire(target: Target, route: BenchRoute, connections: number, seconds: number) {
  return autocannon({
    url: `${target.baseUrl}/v1/${route}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': target.keys[route] },
    body: REQUEST_BODIES[route],
    connections,
    duration: seconds,
    timeout: REQUEST_TIMEOUT_S,
  });
}

export async function measure(target: Target, route: BenchRoute, options: LoadOptions): Promise<Measurement> {
  if (options.warmupSeconds > 0) await fire(target, route, options.connections, options.warmupSeconds);
  const serverBefore = cpuSecondsOf(target.pid);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const result = await fire(target, route, options.connections, options.durationSeconds);
  const wallSeconds = (performance.now() - started) / 1000;
  const serverAfter = cpuSecondsOf(target.pid);
  const client = process.cpuUsage(clientBefore);
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats)
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, { count }]) => [status, count]),
  );
  const answers = result['2xx'] + result.non2xx;
  return {
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors, // timeouts included
    non2xx: result.non2xx,
    statuses,
    bytesPerAnswer: answers > 0 ? Math.round(result.throughput.total / answers) : 0,
    serverCpu:
      serverBefore !== undefined && serverAfter !== undefined
        ? (serverAfter - serverBefore) / wallSeconds
        : undefined,
    clientCpu: (client.user + client.system) / 1e6 / wallSeconds,
  };
}
