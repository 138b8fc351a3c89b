import { M } from './metric-names.js';

// What "held" means, in one place: the thresholds of every script and the capacity verdict both
// read these numbers. The finalize budget is the spec's "finalizing takes about 5 seconds".

export const Budget = {
  connectedP95Ms: 1_000,
  /** Turn onset → first result: how soon a listener sees words appear. */
  firstInterimP95Ms: 2_000,
  /** Turn end → its final: the field's figure for live STT. */
  turnFinalP95Ms: 3_000,
  finalizeP95Ms: 5_000,
  finalizeP99Ms: 8_000,
  /** Word error rate per session: a server that answers fast but wrong under load fails. */
  werP95: 0.35,
  finishedRate: 0.99,
  /** One 2-core load machine keeps p95 under ~7 ms at 100 paced streams; past this k6 is the bottleneck. */
  pacingLagP95Ms: 50,
  fileSttP95Ms: 30_000,
  ttsP95Ms: 5_000,
  denoiseP95Ms: 10_000,
  restP95Ms: 500,
  restP99Ms: 1_500,
  partnerPollP95Ms: 500,
  okRate: 0.99,
  /** Share of k6 checks that must pass. */
  checksRate: 0.99,
} as const;

/** The budget's limits as numbers: what a verdict reads, so a caller may judge against other ones. */
export type Budgets = { readonly [K in keyof typeof Budget]: number };

/**
 * Samples a percentile needs to mean more than the maximum: p95 of fewer than 20 values is one of
 * the top values by chance. Below that a gate holds every sample to the budget (`max`) instead.
 */
export const MIN_SAMPLES: Record<'p(95)' | 'p(99)', number> = { 'p(95)': 20, 'p(99)': 100 };

export type Threshold = string | { threshold: string; abortOnFail?: boolean; delayAbortEval?: string };

/** `p(95)<budget` when `samples` are enough for it, else `max<budget` (every sample in budget). */
export function percentileGate(
  p: 'p(95)' | 'p(99)',
  op: '<' | '<=',
  budget: number,
  samples: number,
): string {
  return `${samples >= MIN_SAMPLES[p] ? p : 'max'}${op}${budget}`;
}

/** The statistic a gate on `samples` values reads: the percentile, or the max below MIN_SAMPLES. */
export function gateStat<P extends 'p(95)' | 'p(99)'>(p: P, samples: number): P | 'max' {
  return samples >= MIN_SAMPLES[p] ? p : 'max';
}

/** A saturated generator voids the run: abort at once rather than report the server as slow. */
export const generatorThresholds: Record<string, Threshold[]> = {
  [M.pacingLag]: [{ threshold: `p(95)<${Budget.pacingLagP95Ms}`, abortOnFail: true, delayAbortEval: '10s' }],
};

/**
 * Live STT thresholds for a run of about `sessions` sessions of a fixture with `turns` turns: each
 * percentile gate falls back to the max when the run has too few samples for it.
 */
export function streamThresholds(sessions: number, turns: number): Record<string, Threshold[]> {
  const perTurn = sessions * Math.max(1, turns);
  return {
    [M.connected]: [percentileGate('p(95)', '<', Budget.connectedP95Ms, sessions)],
    [M.firstInterim]: [percentileGate('p(95)', '<', Budget.firstInterimP95Ms, perTurn)],
    [M.turnFinal]: [percentileGate('p(95)', '<', Budget.turnFinalP95Ms, perTurn)],
    [M.endToFinished]: [
      percentileGate('p(95)', '<', Budget.finalizeP95Ms, sessions),
      ...(sessions >= MIN_SAMPLES['p(99)'] ? [`p(99)<${Budget.finalizeP99Ms}`] : []),
    ],
    [M.endToFinal]: [percentileGate('p(95)', '<', Budget.finalizeP95Ms, sessions)],
    [M.wer]: [percentileGate('p(95)', '<=', Budget.werP95, sessions)],
    [M.finished]: [{ threshold: `rate>=${Budget.finishedRate}`, abortOnFail: true, delayAbortEval: '30s' }],
    [M.lostFinals]: ['count<1'],
    checks: [`rate>=${Budget.checksRate}`],
  };
}

/** Open-model scripts: an iteration k6 could not start (no free VU) is load the server never got. */
export const arrivalThresholds: Record<string, Threshold[]> = {
  dropped_iterations: ['count<1'],
  checks: [`rate>=${Budget.checksRate}`],
};
