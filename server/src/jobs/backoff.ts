// When a failed job runs again: exponential backoff from `baseMs`, doubling per attempt, capped at
// `maxMs`. No jitter by default: each job has its own due time already, and the reference server's
// tests need to know when a retry is due. A policy may ask for jitter (callbacks to one receiver
// that failed together should not all come back at the same instant).

export interface RetryPolicy {
  /** Attempts in all, the first included; after the last failure the job is given up. */
  maxAttempts: number;
  baseMs: number;
  maxMs: number;
  /** Fraction of the delay drawn at random and added (0.2: up to 20% later); none when absent. */
  jitter?: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 6, baseMs: 5_000, maxMs: 15 * 60_000 };

/** Delay before the attempt after `attempts` failed ones (1 → baseMs, 2 → 2·baseMs, …). */
export function retryDelayMs(
  policy: RetryPolicy,
  attempts: number,
  random: () => number = Math.random,
): number {
  const delay = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  return policy.jitter ? Math.round(delay * (1 + policy.jitter * random())) : delay;
}
