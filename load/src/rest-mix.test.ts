import { describe, expect, it } from 'vitest';
import {
  arrivalPoint,
  isRunMeeting,
  JOURNEYS,
  journeyArrivals,
  MIX,
  nextMeetingsCursor,
  pickJourney,
  runTitle,
  stepsFor,
} from './rest-mix.ts';

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

  it('gives every run of arrivals each journey within 2 of its share', () => {
    const total = Object.values(MIX).reduce((a, b) => a + b, 0);
    const counts = Object.fromEntries(JOURNEYS.map((j) => [j, 0])) as Record<string, number>;
    for (let n = 0; n < 1000; n++) {
      const journey = pickJourney(arrivalPoint(n));
      counts[journey] = (counts[journey] ?? 0) + 1;
      for (const j of JOURNEYS) {
        expect(Math.abs((counts[j] ?? 0) - ((n + 1) * MIX[j]) / total)).toBeLessThan(2);
        // The route gates plan on this count, so the run must reach it.
        expect(counts[j]).toBeGreaterThanOrEqual(journeyArrivals(n + 1, j));
      }
      // From the 10th arrival on, even the rarest journey has run.
      if (n >= 9) for (const j of JOURNEYS) expect(counts[j]).toBeGreaterThan(0);
    }
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
