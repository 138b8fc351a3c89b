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
  it('negative bodies reach nested fields, array items, bounds, formats', () => {
    const rng = rngFor(1, 'x');
    const parts = (route: string, valid: Record<string, unknown>) =>
      negativeBodies(route, valid, rng).map((b) => `${b.how} ${b.part}`);
    const message = parts('send-meeting-message', { meeting_message: { meeting_id: 'm', text: 't' } });
    expect(message).toContain('missing meeting_message.text');
    expect(message).toContain('wrong-type meeting_message.meeting_id');
    expect(parts('add-meeting-participants', { meeting_id: 'm', participant_ids: ['u'] })).toContain(
      'wrong-type participant_ids.0',
    );
    const meetings = negativeBodies('get-meetings', { limit: 5 }, rng);
    expect(meetings.filter((b) => b.how === 'boundary').map((b) => b.body.limit)).toEqual(
      expect.arrayContaining([-1, 0, 51, 2 ** 53]),
    );
    expect(meetings.some((b) => b.how === 'format' && b.part === 'last_updated_at')).toBe(true);
    for (const b of meetings) expect(b.mustRefuse).toBe(b.how === 'missing' || b.how === 'wrong-type');
  });
});
