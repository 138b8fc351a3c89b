import { describe, expect, it } from 'vitest';
import { fft } from './fft.js';
import { mfcc } from './mfcc.js';
import { median, pitchTrack, yinFrame } from './pitch.js';

const harmonic = (f0: number, n: number, rate = 16_000) =>
  Int16Array.from({ length: n }, (_, i) => {
    let v = 0;
    for (let h = 1; h <= 8; h++) v += Math.sin((2 * Math.PI * f0 * h * i) / rate) / h;
    return Math.round(v * 6000);
  });

describe('FFT', () => {
  it('matches a direct DFT', () => {
    const n = 64;
    const x = Float64Array.from({ length: n }, (_, i) => Math.sin(i * 0.7) + ((i * 37) % 11) / 11);
    const re = Float64Array.from(x);
    const im = new Float64Array(n);
    fft(re, im);
    for (const k of [0, 1, 5, 31, 32, 63]) {
      let sr = 0;
      let si = 0;
      for (let t = 0; t < n; t++) {
        sr += (x[t] ?? 0) * Math.cos((-2 * Math.PI * k * t) / n);
        si += (x[t] ?? 0) * Math.sin((-2 * Math.PI * k * t) / n);
      }
      expect(re[k]).toBeCloseTo(sr, 8);
      expect(im[k]).toBeCloseTo(si, 8);
    }
  });

  it('refuses lengths that are not powers of two', () => {
    expect(() => fft(new Float64Array(6), new Float64Array(6))).toThrow(RangeError);
  });
});

describe('MFCC', () => {
  it('gives one row of 13 per 10 ms hop', () => {
    const rows = mfcc(harmonic(120, 16_000));
    expect(rows).toHaveLength(Math.floor((16_000 - 400) / 160) + 1);
    expect(rows[0]).toHaveLength(13);
  });

  it('puts loudness in c0 only', () => {
    const quiet = harmonic(150, 4000);
    const loud = Int16Array.from(quiet, (v) => v * 2);
    const [a, b] = [mfcc(quiet)[10], mfcc(loud)[10]];
    expect((b?.[0] ?? 0) - (a?.[0] ?? 0)).toBeGreaterThan(1);
    for (let c = 1; c < 13; c++) expect(b?.[c]).toBeCloseTo(a?.[c] ?? 0, 1);
  });

  it('tells different timbres apart', () => {
    const low = mfcc(harmonic(100, 4000))[10];
    const high = mfcc(harmonic(300, 4000))[10];
    const distance = Math.hypot(
      ...Array.from({ length: 12 }, (_, c) => (low?.[c + 1] ?? 0) - (high?.[c + 1] ?? 0)),
    );
    expect(distance).toBeGreaterThan(1);
  });
});

describe('YIN pitch', () => {
  it.each([85, 110, 167, 220, 300])('finds %i Hz within 2%', (f0) => {
    const found = median(pitchTrack(harmonic(f0, 8000)));
    expect(found).toBeDefined();
    expect(Math.abs((found ?? 0) - f0) / f0).toBeLessThan(0.02);
  });

  it('finds no pitch in noise or silence', () => {
    let seed = 1;
    const noise = Int16Array.from({ length: 8000 }, () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return (seed % 16_000) - 8000;
    });
    expect(pitchTrack(noise).length).toBeLessThan(5);
    expect(pitchTrack(new Int16Array(8000))).toEqual([]);
    expect(yinFrame(new Float32Array(100))).toBeUndefined();
  });
});
