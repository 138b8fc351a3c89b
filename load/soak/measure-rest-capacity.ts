import {
  describeRestCapacity,
  REST_RATES,
  REST_STEP_SECONDS,
  type RestCapacity,
  rateStepStats,
  searchRestCapacity,
} from '../src/rest-capacity.js';
import { LatencyWindow } from '../src/soak-samples.js';
import { cleanupRun, DROPPED_ARRIVAL, runRestMix } from './rest-traffic.js';
import { type Auth, Tally, TimedClient } from './timed-client.js';

// The REST mix's capacity of the soak's target, measured at the start: the soak's own REST mix
// (soak/rest-traffic.ts) at each rate of REST_RATES for REST_STEP_SECONDS, judged by
// src/rest-capacity.ts, stopping at the first rate not held. Its meetings carry their own run
// prefix and are deleted at the end, so the soak starts from the data it would have had.

/** Every latency of a step, beside the per-route window the client writes to. */
class StepLatencies extends LatencyWindow {
  readonly all: number[] = [];
  override add(route: string, ms: number): void {
    this.all.push(ms);
    super.add(route, ms);
  }
}

export interface RestCapacityOptions {
  baseUrl: string;
  partnerSegment: string;
  auth: Auth;
  runId: string;
  rates?: readonly number[];
  stepSeconds?: number;
  /** Where the per-step lines go (the console by default). */
  log?: (line: string) => void;
}

export async function measureRestCapacity(options: RestCapacityOptions): Promise<RestCapacity> {
  const runId = `${options.runId}-rest-capacity`;
  const stepMs = (options.stepSeconds ?? REST_STEP_SECONDS) * 1000;
  const log = options.log ?? console.log;
  const cleanupClient = new TimedClient(
    options.baseUrl,
    options.partnerSegment,
    new LatencyWindow(),
    new Tally(),
  );
  const result = await searchRestCapacity(options.rates ?? REST_RATES, async (rate) => {
    const latencies = new StepLatencies();
    const tally = new Tally();
    const client = new TimedClient(options.baseUrl, options.partnerSegment, latencies, tally);
    const stopAt = performance.now() + stepMs;
    await runRestMix({ client, auth: options.auth, runId, rate, stopAt, padBytes: 0 });
    const stats = rateStepStats(rate, latencies.all, tally.counts, tally.get(DROPPED_ARRIVAL));
    log(
      `  REST mix at ${rate}/s: ${stats.ok}/${stats.answers} answers 200, ${stats.latencyStat} ${stats.latencyMs.toFixed(0)} ms`,
    );
    return stats;
  });
  await cleanupRun(cleanupClient, options.auth, runId);
  log(describeRestCapacity(result).trimEnd());
  return result;
}
