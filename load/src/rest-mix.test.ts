import { describe, expect, it } from 'vitest';
import {
  arrivalPoint,
  isRunMeeting,
  JOURNEYS,
  type Journey,
  journeyArrivals,
  MIX,
  nextMeetingsCursor,
  pickJourney,
  runTitle,
  stepsFor,
} from './rest-mix.js';

describe('REST mix', () => {
  it('picks journeys in proportion to the mix', () => {
    const counts = Object.fromEntries(JOURNEYS.map((j) => [j, 0])) as Record<string, number>;
    for (let i = 0; i < 1000; i++)
      counts[pickJourney((i + 0.5) / 1000)] = (counts[pickJourney((i + 0.5) / 1000)] ?? 0) + 1;
    const total = Object.values(MIX).reduce((a, b) => a + b, 0);
    for (const j of JOURNEYS) expect(counts[j]).toBe(Math.round((MIX[j] / total) * 1000));
  });

  it('creates first when a journey needs a meeting the client does not have', () => {
    expect(stepsFor(0.99, 0)).toEqual(['create', 'delete']);
    expect(stepsFor(0.2, 0)).toEqual(['list']);
    expect(stepsFor(0.05, 0)).toEqual(['create']);
    expect(stepsFor(0.99, 3)).toEqual(['delete']);
  });

  it('runs every journey at its share when each arrival lands on a fresh client', () => {
    // A light arrival run over many preallocated clients: no client has a meeting of its own.
    const runs = Object.fromEntries(JOURNEYS.map((j) => [j, 0])) as Record<string, number>;
    const arrivals = 1000;
    for (let i = 0; i < arrivals; i++) {
      const steps = stepsFor((i + 0.5) / arrivals, 0);
      const journey = steps.at(-1) ?? 'list';
      runs[journey] = (runs[journey] ?? 0) + 1;
    }
    const total = Object.values(MIX).reduce((a, b) => a + b, 0);
    for (const j of JOURNEYS) expect(runs[j]).toBe(Math.round((MIX[j] / total) * arrivals));
  });

  it('gives every run of up to 100,000 arrivals each journey within 3 of its share', () => {
    const total = Object.values(MIX).reduce((a, b) => a + b, 0);
    const counts = Object.fromEntries(JOURNEYS.map((j) => [j, 0])) as Record<Journey, number>;
    let worstSpread = 0;
    let belowPlanned = 0;
    let missingAfterTen = 0;
    for (let n = 0; n < 100_000; n++) {
      counts[pickJourney(arrivalPoint(n))]++;
      for (const j of JOURNEYS) {
        worstSpread = Math.max(worstSpread, Math.abs(counts[j] - ((n + 1) * MIX[j]) / total));
        // The route gates plan on this count, so the run must reach it.
        if (counts[j] < journeyArrivals(n + 1, j)) belowPlanned++;
        if (n >= 9 && counts[j] === 0) missingAfterTen++;
      }
    }
    expect(worstSpread).toBeLessThan(3);
    expect(belowPlanned).toBe(0);
    expect(missingAfterTen).toBe(0);
  });

  it('names run data so cleanup finds exactly it', () => {
    expect(isRunMeeting(runTitle('load-x1', 3), 'load-x1')).toBe(true);
    expect(isRunMeeting(runTitle('load-x1', 3), 'load-x')).toBe(false);
    expect(isRunMeeting(undefined, 'load-x1')).toBe(false);
    expect(
      nextMeetingsCursor([{ updated_at: '2024-01-02T00:00:00Z' }, { updated_at: '2024-01-01T00:00:00Z' }]),
    ).toBe('2024-01-01T00:00:00Z');
    expect(nextMeetingsCursor([])).toBeUndefined();
  });
});
