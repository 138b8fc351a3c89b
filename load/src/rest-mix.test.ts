import { describe, expect, it } from 'vitest';
import {
  isRunMeeting,
  JOURNEYS,
  journeyFor,
  MIX,
  nextMeetingsCursor,
  pickJourney,
  runTitle,
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
    expect(journeyFor(0.99, 0)).toBe('create');
    expect(journeyFor(0.2, 0)).toBe('list');
    expect(journeyFor(0.99, 3)).toBe('delete');
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
