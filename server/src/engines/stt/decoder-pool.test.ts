import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DecoderPool } from './decoder-pool.js';

// The pool with plain objects for decoders and a fake clock: a burst's items are destroyed once
// idle past idleMs, down to keepIdle; an item reused in time is kept.

describe('DecoderPool retention', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function pool() {
    let built = 0;
    const destroyed: number[] = [];
    const p = new DecoderPool(
      async () => ++built,
      async (item: number) => {
        destroyed.push(item);
      },
      6,
      { idleMs: 60_000, keepIdle: 1 },
    );
    return { p, destroyed };
  }

  it('destroys items idle past idleMs down to keepIdle, so a burst does not stay resident', async () => {
    const { p, destroyed } = pool();
    const items = await Promise.all([p.acquire(), p.acquire(), p.acquire(), p.acquire()]);
    for (const item of items) p.release(item);
    expect(p.size).toBe(4);
    vi.advanceTimersByTime(59_999);
    expect(destroyed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(destroyed.sort()).toHaveLength(3);
    expect(p.size).toBe(1);
    // The one kept is reused, not rebuilt.
    const again = await p.acquire();
    expect(destroyed).not.toContain(again);
    expect(p.size).toBe(1);
  });

  it('an item reused before idleMs is kept, and its timer starts over when released again', async () => {
    const { p, destroyed } = pool();
    const items = await Promise.all([p.acquire(), p.acquire(), p.acquire()]);
    for (const item of items) p.release(item);
    vi.advanceTimersByTime(30_000);
    const reused = await p.acquire();
    vi.advanceTimersByTime(40_000);
    // One of the other two expired; the second is the one kept idle; the reused one is in use.
    expect(destroyed).toHaveLength(1);
    expect(destroyed).not.toContain(reused);
    p.release(reused);
    vi.advanceTimersByTime(59_999);
    expect(destroyed).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(destroyed).toEqual([items[0], reused]);
    expect(p.size).toBe(1);
  });

  it('close() destroys what is idle and leaves no timer behind', async () => {
    const { p, destroyed } = pool();
    const items = await Promise.all([p.acquire(), p.acquire()]);
    for (const item of items) p.release(item);
    await p.close();
    expect(destroyed).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });
});
