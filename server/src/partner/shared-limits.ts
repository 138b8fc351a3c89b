import { SharedLimitsStore } from '../store/shared-limits.store.js';
import type { Store } from '../store/store.js';
import { rateLimitExceeded, type TokenLimit, TokenRateLimit } from './rate-limit.js';
import {
  type FailedSignIns,
  FORGET_MS,
  lockLeft,
  SignInThrottle,
  waitAfterFailures,
} from './sign-in-throttle.js';

// The partner rate limit and the sign-in throttle must hold for the service, not per process: on
// PostgreSQL (where several processes may share the database) they are kept in it; on SQLite (one
// process) in memory, as before. The live stream's admission limit (ws/live-stt.limits.ts) stays
// per process on purpose: it guards the CPU of the process that would run the recognizer.

/** One in this many failed sign-ins also deletes stale rows, so the tables stay small. */
const PRUNE_EVERY = 100;

export function tokenLimitFor(store: Store, perMinute: number, now: () => number = Date.now): TokenLimit {
  if (store.dialect !== 'postgres') return new TokenRateLimit(perMinute, now);
  const limits = new SharedLimitsStore(store.db);
  return {
    async take(token) {
      const decision = await limits.takeRate(token, perMinute, now());
      if (!decision.allowed) throw rateLimitExceeded(perMinute, decision.retryAfterMs / 1000);
    },
  };
}

export function failedSignInsFor(store: Store, now: () => number = Date.now): FailedSignIns {
  if (store.dialect !== 'postgres') return new SignInThrottle(now);
  const limits = new SharedLimitsStore(store.db);
  let failures = 0;
  return {
    async fail(email) {
      const at = now();
      if (++failures % PRUNE_EVERY === 0) await limits.prune(at - FORGET_MS, at);
      return waitAfterFailures(await limits.signInFailed(keyOf(email), at, FORGET_MS));
    },
    succeed: (email) => limits.signInSucceeded(keyOf(email)),
    lockedFor: async (email) => lockLeft(await limits.signInFailures(keyOf(email)), now()),
  };
}

function keyOf(email: string): string {
  return email.trim().toLowerCase();
}
