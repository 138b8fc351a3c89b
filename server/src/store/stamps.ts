import type { Clock } from '../core/clock.js';

// Every `created_us`/`updated_us` comes from here. Listing cursors are "updated strictly before X",
// which only pages without losing or repeating a row if no two rows of a table share a stamp. This
// process never hands out the same stamp twice (each is at least the last plus one microsecond);
// a unique index per table catches the rare collision with another server process, and
// Store.transaction retries the whole unit of work with fresh stamps when that happens.

export class Stamps {
  private last = 0;
  constructor(private readonly clock: Clock) {}

  next(): number {
    this.last = Math.max(this.clock.nowMicros(), this.last + 1);
    return this.last;
  }
}

/** True when a write failed on one of the `*_updated_us_key` unique constraints (either dialect). */
export function isStampCollision(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string' && constraint.endsWith('updated_us_key')) return true;
    if (/UNIQUE constraint failed: \w+\.updated_us/.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}
