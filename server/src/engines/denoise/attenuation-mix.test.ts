import { describe, expect, it } from 'vitest';
import { AttenuationMix, localSnrDb } from './attenuation-mix.js';
import { LSNR_MAX_DB, LSNR_MIN_DB, SPEECH_ATTEN_LIMIT_DB } from './denoise.engine.js';

const frame = (value: number) => new Float32Array(480).fill(value);

describe('attenuation-limit mix', () => {
  it('mixes out = lim·x + (1−lim)·y with lim = 10^(−atten/20)', () => {
    const mix = new AttenuationMix(20, false);
    const out = new Float32Array(480);
    mix.mix(frame(1000), frame(0), 0, out);
    expect(out[0]).toBeCloseTo(100, 3); // 20 dB: a tenth of the input survives
    mix.mix(frame(1000), frame(400), 1, out);
    expect(out[0]).toBeCloseTo(0.1 * 1000 + 0.9 * 400, 3);
    expect(mix.appliedAttenDb()).toBe(20);
  });

  it('adaptive: full limit without speech, capped under speech at once, released gradually', () => {
    const mix = new AttenuationMix(60, true);
    const out = new Float32Array(480);
    mix.mix(frame(1), frame(0), 0, out);
    mix.mix(frame(1), frame(0), 1, out);
    // Two frames: 60 dB, then straight down to the speech cap.
    expect(mix.appliedAttenDb()).toBeCloseTo((60 + SPEECH_ATTEN_LIMIT_DB) / 2, 6);
    mix.mix(frame(1), frame(0), 0, out);
    const third = 3 * mix.appliedAttenDb() - 60 - SPEECH_ATTEN_LIMIT_DB;
    expect(third).toBeGreaterThan(SPEECH_ATTEN_LIMIT_DB);
    expect(third).toBeLessThan(60);
  });

  it('adaptive never attenuates more than asked when the request is below the speech cap', () => {
    const mix = new AttenuationMix(6, true);
    const out = new Float32Array(480);
    for (const p of [0, 0.5, 1, 0]) mix.mix(frame(1), frame(0), p, out);
    expect(mix.appliedAttenDb()).toBe(6);
  });
});

describe('local SNR', () => {
  it('is 10·log10(kept/removed), clamped, with the zero cases pinned', () => {
    expect(localSnrDb(100, 10)).toBeCloseTo(10, 9);
    expect(localSnrDb(1e12, 1)).toBe(LSNR_MAX_DB);
    expect(localSnrDb(1, 0)).toBe(LSNR_MAX_DB);
    expect(localSnrDb(0, 5)).toBe(LSNR_MIN_DB);
    expect(localSnrDb(0, 0)).toBe(LSNR_MIN_DB);
  });
});
