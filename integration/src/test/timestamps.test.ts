import { describe, expect, it } from 'vitest';
import { utcStamp, utcStamps } from '../timestamps.js';

// Timestamps shown in one form, whatever zone form the deployment writes.

describe('utcStamp', () => {
  it('writes UTC with Z, keeping the fraction the service gave', () => {
    expect(utcStamp('2026-03-01T10:00:00.123456+00:00')).toBe('2026-03-01T10:00:00.123456Z');
    expect(utcStamp('2026-03-01T10:00:00-00:00')).toBe('2026-03-01T10:00:00Z');
    expect(utcStamp('2026-03-01T10:00:00.5z')).toBe('2026-03-01T10:00:00.5Z');
    expect(utcStamp('2026-03-01T10:00:00.123Z')).toBe('2026-03-01T10:00:00.123Z');
  });

  it('moves another offset to the same instant in UTC', () => {
    expect(utcStamp('2026-03-01T01:30:00.250+02:00')).toBe('2026-02-28T23:30:00.250Z');
  });

  it('leaves other text alone, at any depth', () => {
    const item = { title: 'Call at 2026-03-01T10:00:00+00:00', at: ['2026-03-01T10:00:00+00:00'], n: 1 };
    expect(utcStamps(item)).toEqual({ ...item, at: ['2026-03-01T10:00:00Z'] });
    expect(utcStamp('2026-03-01')).toBe('2026-03-01');
  });
});
