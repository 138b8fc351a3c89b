import { createHash } from 'node:crypto';
import { ApiError } from '../core/api-error.js';

// Per-token rate limit of the partner routes: a token bucket per access token holding `perMinute`
// requests, refilled continuously. An empty bucket is a 429 with `Retry-After` (whole seconds until
// one request is available), so a client's throttling path can be exercised for real. This class
// keeps the buckets in memory (SQLite: one process); on PostgreSQL every process takes from the
// same buckets (shared-limits.ts).

/** Takes one request of a token, or throws the 429 ApiError. */
export interface TokenLimit {
  take(token: string): void | Promise<void>;
}

/** The 429 of a token past its limit; `retryAfterSeconds` is rounded up to at least 1. */
export function rateLimitExceeded(perMinute: number, retryAfterSeconds: number): ApiError {
  return new ApiError('LIMIT_EXCEEDED', `Rate limit of ${perMinute} requests per minute exceeded`, {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
}

const MAX_BUCKETS = 50_000;

export class TokenRateLimit implements TokenLimit {
  private readonly buckets = new Map<string, { tokens: number; atMs: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one request from the token's bucket, or throws the 429 ApiError. */
  take(token: string): void {
    const key = createHash('sha256').update(token).digest('base64url');
    const now = this.now();
    const ratePerMs = this.perMinute / 60_000;
    const bucket = this.buckets.get(key) ?? { tokens: this.perMinute, atMs: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.atMs) * ratePerMs);
    bucket.atMs = now;
    if (!this.buckets.has(key) && this.buckets.size >= MAX_BUCKETS) this.buckets.clear();
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return;
    }
    throw rateLimitExceeded(this.perMinute, (1 - bucket.tokens) / ratePerMs / 1000);
  }
}
