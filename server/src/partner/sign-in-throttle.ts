// Slows down failed sign-ins per e-mail address: each failure in a row doubles the wait before the
// next answer (250 ms, 500 ms, … capped at 8 s), which makes online guessing slow while a user who
// mistypes once barely notices. After LOCK_AFTER_FAILURES in a row the address is locked for
// LOCK_MS: even the right password is refused until then, so a guesser spread over many
// connections gets no answer worth having (the same for every address, known or not). This class keeps the failures in memory (SQLite: one process; a
// restart forgets them, as rate limits usually do); on PostgreSQL every process counts the same
// failures (shared-limits.ts).

const BASE_MS = 250;
const MAX_MS = 8_000;
export const FORGET_MS = 15 * 60_000;
const MAX_TRACKED = 10_000;
/** Failures in a row that lock an address; the waits before them add up to ~8 s. */
export const LOCK_AFTER_FAILURES = 5;
/** How long a locked address stays locked after its last failure. */
export const LOCK_MS = 5 * 60_000;

/** Failed sign-ins per e-mail address: `fail` answers how long to wait before answering it. */
export interface FailedSignIns {
  fail(email: string): number | Promise<number>;
  succeed(email: string): void | Promise<void>;
  /** Milliseconds the address stays locked; 0 when it may sign in. */
  lockedFor(email: string): number | Promise<number>;
}

/** How long failures `count` in a row, the last at `lastMs`, keep an address locked at `nowMs`. */
export function lockLeft(failures: { count: number; lastMs: number } | undefined, nowMs: number): number {
  if (!failures || failures.count < LOCK_AFTER_FAILURES) return 0;
  return Math.max(0, LOCK_MS - (nowMs - failures.lastMs));
}

/** What a form of a locked address says (the sign-in and the password change alike). */
export function lockedMessage(lockedMs: number): string {
  const minutes = Math.ceil(lockedMs / 60_000);
  return `Too many failed sign-ins for this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** The wait before answering the `count`th failure in a row. */
export function waitAfterFailures(count: number): number {
  return Math.min(MAX_MS, BASE_MS * 2 ** (count - 1));
}

export class SignInThrottle implements FailedSignIns {
  private readonly failures = new Map<string, { count: number; lastMs: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Records a failure; returns how long to wait before answering it. */
  fail(email: string): number {
    const key = email.trim().toLowerCase();
    const now = this.now();
    const previous = this.failures.get(key);
    const count = previous && now - previous.lastMs < FORGET_MS ? previous.count + 1 : 1;
    if (this.failures.size >= MAX_TRACKED && !previous) this.prune(now);
    this.failures.set(key, { count, lastMs: now });
    return waitAfterFailures(count);
  }

  succeed(email: string): void {
    this.failures.delete(email.trim().toLowerCase());
  }

  lockedFor(email: string): number {
    return lockLeft(this.failures.get(email.trim().toLowerCase()), this.now());
  }

  private prune(now: number): void {
    for (const [key, entry] of this.failures) if (now - entry.lastMs >= FORGET_MS) this.failures.delete(key);
    // Still full: drop the oldest entries (Map keeps insertion order).
    for (const key of this.failures.keys()) {
      if (this.failures.size < MAX_TRACKED) break;
      this.failures.delete(key);
    }
  }
}
