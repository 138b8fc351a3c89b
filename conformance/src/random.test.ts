import { getSchema } from '@parley/schemas';
import { describe, expect, it } from 'vitest';
import { negativeBodies } from './negative-bodies.js';
import { rngFor } from './random.js';

describe('seeded inputs', () => {
  it('the same seed and check give the same draws; another seed differs', () => {
    const draws = (seed: number) =>
      Array.from({ length: 20 }, (_, i) => rngFor(seed, 'rest.05').int(0, 1000 + i));
    expect(draws(5)).toEqual(draws(5));
    expect(draws(5)).not.toEqual(draws(6));
  });
  it('negative bodies are proved invalid at the part they name', () => {
    const bodies = negativeBodies('get-meeting-messages', { meeting_id: 'm1' }, rngFor(1, 'x'));
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) expect(body.proof).toContain(body.part);
    expect(bodies.find((b) => b.how === 'missing')?.part).toBe('meeting_id');
    expect(getSchema('get-meeting-messages.request')).toBeTruthy();
  });
});
