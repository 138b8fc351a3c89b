import { describe, expect, it } from 'vitest';
import { SET5_VARIANTS, SET5_VIOLATIONS } from '../set5/index.js';
import { BLIND_VARIANTS } from '../variants.js';
import { BLIND_VIOLATIONS } from '../violations.js';
import { DEMOS6 } from './demos-all.js';
import { configFrame, editQuery, endOfAudio } from './edits6.js';
import { SET6_VARIANTS, SET6_VIOLATIONS } from './index.js';

const all = [...SET6_VIOLATIONS, ...SET6_VARIANTS];

describe('the sixth blind set', () => {
  it('has at least 64 violations and 13 allowed variants', () => {
    expect(SET6_VIOLATIONS.length).toBeGreaterThanOrEqual(64);
    expect(SET6_VARIANTS.length).toBeGreaterThanOrEqual(13);
  });

  it('has unique ids, none equal to an id of the earlier blind catalogs', () => {
    const ids = all.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const earlier = new Set(
      [...BLIND_VIOLATIONS, ...BLIND_VARIANTS, ...SET5_VIOLATIONS, ...SET5_VARIANTS].map((c) => c.id),
    );
    expect(ids.filter((id) => earlier.has(id))).toEqual([]);
    expect(SET6_VIOLATIONS.every((c) => c.id.startsWith('s6-'))).toBe(true);
    expect(SET6_VARIANTS.every((c) => c.id.startsWith('s6v-'))).toBe(true);
  });

  it('quotes the spec in every entry and has an exchange to show for each', () => {
    expect(all.filter((c) => c.allows.trim() === '').map((c) => c.id)).toEqual([]);
    expect(all.filter((c) => !DEMOS6[c.id]).map((c) => c.id)).toEqual([]);
    expect(Object.keys(DEMOS6).filter((id) => !all.some((c) => c.id === id))).toEqual([]);
  });
});

describe('edits6', () => {
  it('sees the end-of-audio frame and starts over at the next config', () => {
    const end = endOfAudio();
    end.clientFrame?.(Buffer.from('{"encoding":"pcm16"}'), false);
    end.clientFrame?.(Buffer.alloc(640), true);
    expect(end.ended()).toBe(false);
    end.clientFrame?.(Buffer.alloc(0), true);
    expect(end.ended()).toBe(true);
    end.clientFrame?.(Buffer.from('{"encoding":"pcm16"}'), false);
    expect(end.ended()).toBe(false);
  });

  it('edits the config frame and leaves audio as it is', () => {
    const edit = configFrame(({ session_id: _, ...c }) => c);
    expect(edit?.(Buffer.from('{"encoding":"pcm16","session_id":"s"}'), false)).toBe('{"encoding":"pcm16"}');
    const audio = Buffer.alloc(4);
    expect(edit?.(audio, true)).toBe(audio);
  });

  it('edits a query and keeps the route', () => {
    expect(editQuery('/v1/stt/stream?api_key=k', (q) => q.set('format', 'json'))).toBe(
      '/v1/stt/stream?api_key=k&format=json',
    );
    expect(editQuery('/v1/stt/stream?format=json', (q) => q.delete('format'))).toBe('/v1/stt/stream');
  });
});
