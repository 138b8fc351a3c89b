import { describe, expect, it } from 'vitest';
import { Downsampler, resample16kTo48k, resample48kTo16k, Upsampler } from './resample.js';

const tone = (hz: number, rate: number, n: number, amp = 10_000) =>
  Float32Array.from({ length: n }, (_, i) => amp * Math.sin((2 * Math.PI * hz * i) / rate));

const rms = (x: Float32Array, from = 0, to = x.length) => {
  let s = 0;
  for (let i = from; i < to; i++) s += (x[i] ?? 0) ** 2;
  return Math.sqrt(s / (to - from));
};

describe('resampling 16 kHz <-> 48 kHz', () => {
  it('keeps a 1 kHz tone aligned and at the same level going up', () => {
    const up = resample16kTo48k(tone(1000, 16_000, 1600));
    expect(up.length).toBe(4800);
    const ideal = tone(1000, 48_000, 4800);
    const err = Float32Array.from(up, (v, i) => v - (ideal[i] ?? 0));
    expect(rms(err, 300, 4500) / rms(ideal)).toBeLessThan(0.01);
  });

  it('keeps a 1 kHz tone aligned going down', () => {
    const down = resample48kTo16k(tone(1000, 48_000, 4800));
    expect(down.length).toBe(1600);
    const ideal = tone(1000, 16_000, 1600);
    const err = Float32Array.from(down, (v, i) => v - (ideal[i] ?? 0));
    expect(rms(err, 100, 1500) / rms(ideal)).toBeLessThan(0.01);
  });

  it('removes content above 8 kHz when going down instead of aliasing it', () => {
    const down = resample48kTo16k(tone(12_000, 48_000, 4800));
    expect(rms(down, 100, 1500)).toBeLessThan(10_000 * 0.01);
  });

  it('round-trips speech-band audio', () => {
    const high = tone(3000, 16_000, 3200);
    const x = Float32Array.from(tone(440, 16_000, 3200), (v, i) => v + 0.5 * (high[i] ?? 0));
    const back = resample48kTo16k(resample16kTo48k(x));
    const err = Float32Array.from(back, (v, i) => v - (x[i] ?? 0));
    expect(rms(err, 200, 3000) / rms(x)).toBeLessThan(0.02);
  });

  it('streams frame by frame with the same result as one block', () => {
    const x = tone(700, 48_000, 4800);
    const whole = new Downsampler(3).process(x);
    const stream = new Downsampler(3);
    const parts = [0, 480, 961, 2000, 4800]
      .slice(1)
      .map((end, i, ends) => stream.process(x.subarray(i === 0 ? 0 : ends[i - 1], end)));
    const joined = Float32Array.from(parts.flatMap((p) => Array.from(p)));
    expect(joined).toEqual(whole);
    const up = new Upsampler(3);
    expect([...up.process(x.subarray(0, 100)), ...up.process(x.subarray(100, 160))]).toEqual([
      ...new Upsampler(3).process(x.subarray(0, 160)),
    ]);
  });
});
