import { describe, expect, it } from 'vitest';
import { LOCK_AFTER_FAILURES, LOCK_MS, SignInThrottle } from './sign-in-throttle.js';

// Failed sign-ins in one process (SQLite): the waits double, and five in a row lock the address
// for LOCK_MS after the last; a success clears it, and so does time.

describe('sign-in throttle', () => {
  it('doubles the wait, then locks the address briefly after five failures in a row', () => {
    let now = 1_700_000_000_000;
    const throttle = new SignInThrottle(() => now);
    const waits = Array.from({ length: LOCK_AFTER_FAILURES }, () => throttle.fail('Ann@Example.com'));
    expect(waits).toEqual([250, 500, 1000, 2000, 4000]);
    expect(throttle.lockedFor('ann@example.com ')).toBe(LOCK_MS);
    expect(throttle.lockedFor('bob@example.com')).toBe(0);
    now += LOCK_MS;
    expect(throttle.lockedFor('ann@example.com')).toBe(0);
  });

  it('does not lock after four failures, and a success starts the count again', () => {
    const throttle = new SignInThrottle(() => 1_700_000_000_000);
    for (let i = 0; i < LOCK_AFTER_FAILURES - 1; i++) throttle.fail('cy@example.com');
    expect(throttle.lockedFor('cy@example.com')).toBe(0);
    throttle.succeed('cy@example.com');
    throttle.fail('cy@example.com');
    expect(throttle.lockedFor('cy@example.com')).toBe(0);
  });
});
