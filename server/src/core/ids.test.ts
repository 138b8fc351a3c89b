import { describe, expect, it } from 'vitest';
import { randomIds, sequentialIds } from './ids.js';

describe('ids', () => {
  it('random ids carry their prefix and 20 hex digits, and never repeat across pool refills', () => {
    // 2,000 ids draw five 4 KiB pools: a refill that reused or skipped bytes would show here.
    const ids = Array.from({ length: 2_000 }, () => randomIds.next('mtg'));
    for (const id of ids) expect(id).toMatch(/^mtg_[0-9a-f]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sequential ids count up per generator', () => {
    const ids = sequentialIds();
    expect([ids.next('usr'), ids.next('mtg'), ids.next('usr')]).toEqual([
      'usr_000001',
      'mtg_000002',
      'usr_000003',
    ]);
  });
});
