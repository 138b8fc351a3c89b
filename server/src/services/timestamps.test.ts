import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMicros, formatMicrosByDate, parseTimestamp } from './timestamps.js';

describe('timestamps', () => {
  it('formats with six fractional digits', () => {
    expect(formatMicros(Date.UTC(2024, 4, 2, 9, 30) * 1000 + 123_456)).toBe('2024-05-02T09:30:00.123456Z');
    expect(formatMicros(Date.UTC(2024, 4, 2) * 1000 + 7)).toBe('2024-05-02T00:00:00.000007Z');
  });

  it('parses offsets, missing fractions and drops digits past microseconds', () => {
    const base = Date.UTC(2024, 4, 2, 9, 30) * 1000;
    expect(parseTimestamp('2024-05-02T09:30:00Z')).toBe(base);
    expect(parseTimestamp('2024-05-02T11:30:00.5+02:00')).toBe(base + 500_000);
    expect(parseTimestamp('2024-05-02T09:30:00.123456789Z')).toBe(base + 123_456);
    expect(parseTimestamp('2024-05-02 09:30:00')).toBeUndefined();
    expect(parseTimestamp('yesterday')).toBeUndefined();
  });

  it('round-trips every microsecond stamp', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000_000 }), (micros) => {
        expect(parseTimestamp(formatMicros(micros))).toBe(micros);
      }),
    );
  });

  it('formats every safe stamp exactly as Date#toISOString does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (micros) => {
        expect(formatMicros(micros)).toBe(formatMicrosByDate(micros));
      }),
      { numRuns: 2000 },
    );
    for (const micros of [
      0,
      86_400_000_000 - 1,
      86_400_000_000,
      951_782_400_000_000,
      4_102_444_800_000_000,
    ]) {
      expect(formatMicros(micros)).toBe(formatMicrosByDate(micros));
    }
  });
});
