// When a failed job runs again: exponential backoff from `baseMs`, doubling per attempt, capped at
// `maxMs`. No jitter: each job has its own due time already, and the reference server's tests
// need to know when a retry is due.

export interface RetryPolicy {
  /** Attempts in all, the first included; after the last failure the job is given up. */
  maxAttempts: number;
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 6, baseMs: 5_000, maxMs: 15 * 60_000 };

/** Delay before the attempt after `attempts` failed ones (1 → baseMs, 2 → 2·baseMs, …). */
export function retryDelayMs(policy: RetryPolicy, attempts: number): number {
  return Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
}
