import { StreamResponse } from '@parley/schemas/proto';
import { describe, expect, it } from 'vitest';
import { BLIND_VARIANTS } from '../variants.js';
import { BLIND_VIOLATIONS } from '../violations.js';
import { REST_DEMOS5 } from './demos-rest.js';
import { SPEECH_DEMOS5 } from './demos-speech.js';
import { streamFrames, withOffset } from './edits5.js';
import { SET5_VARIANTS, SET5_VIOLATIONS } from './index.js';

const all = [...SET5_VIOLATIONS, ...SET5_VARIANTS];

describe('the fifth blind set', () => {
  it('has at least 60 violations and 12 allowed variants', () => {
    expect(SET5_VIOLATIONS.length).toBeGreaterThanOrEqual(60);
    expect(SET5_VARIANTS.length).toBeGreaterThanOrEqual(12);
  });

  it('has unique ids, none equal to an id of the earlier blind catalogs', () => {
    const ids = all.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const earlier = new Set([...BLIND_VIOLATIONS, ...BLIND_VARIANTS].map((c) => c.id));
    expect(ids.filter((id) => earlier.has(id))).toEqual([]);
    expect(SET5_VIOLATIONS.every((c) => c.id.startsWith('s5-'))).toBe(true);
    expect(SET5_VARIANTS.every((c) => c.id.startsWith('s5v-'))).toBe(true);
  });

  it('quotes the spec in every entry and has an exchange to show for each', () => {
    const demos = { ...REST_DEMOS5, ...SPEECH_DEMOS5 };
    expect(all.filter((c) => c.allows.trim() === '').map((c) => c.id)).toEqual([]);
    expect(all.filter((c) => !demos[c.id]).map((c) => c.id)).toEqual([]);
    expect(Object.keys(demos).filter((id) => !all.some((c) => c.id === id))).toEqual([]);
  });
});

describe('edits5', () => {
  const bytes = (m: object) => Buffer.from(StreamResponse.encode(StreamResponse.fromObject(m)).finish());

  it('edits a protobuf stream frame as its JSON twin and encodes it back', () => {
    const edit = streamFrames((f) =>
      f.connected === true ? null : { ...f, chunk: { ...(f.chunk as object), text: 'x' } },
    );
    expect(edit?.(bytes({ connected: true }), true)).toBeNull();
    const chunk = edit?.(
      bytes({ chunk: { id: 'u1', session_id: 's', text: 'hello', is_final: false } }),
      true,
    );
    expect(StreamResponse.toObject(StreamResponse.decode(chunk as Buffer))).toMatchObject({
      chunk: { id: 'u1', text: 'x' },
    });
    expect(edit?.(Buffer.from(JSON.stringify({ chunk: { id: 'u1', text: 'hello' } })), false)).toBe(
      JSON.stringify({ chunk: { id: 'u1', text: 'x' } }),
    );
  });

  it('keeps the terminal frame of protobuf mode as bytes 18 01', () => {
    const keep = streamFrames((f) => f);
    const out = keep ? (keep(Buffer.from([0x18, 0x01]), true) as Buffer) : Buffer.alloc(0);
    expect(out.toString('hex')).toBe('1801');
  });

  it('writes the same instant with another offset', () => {
    expect(withOffset('2024-05-02T23:15:42.503211Z', 2)).toBe('2024-05-03T01:15:42.503211+02:00');
    expect(Date.parse(withOffset('2024-05-02T23:15:42.503Z', 2))).toBe(
      Date.parse('2024-05-02T23:15:42.503Z'),
    );
  });
});
