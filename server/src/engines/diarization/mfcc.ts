import { powerSpectrum } from './fft.js';

// Mel-frequency cepstral coefficients, the textbook way: pre-emphasis, 25 ms Hamming frames every
// 10 ms, 512-point power spectrum, 26 triangular mel filters over 0-8 kHz, log, DCT-II.

export interface MfccOptions {
  sampleRate?: number;
  frameMs?: number;
  hopMs?: number;
  fftSize?: number;
  filters?: number;
  /** Coefficients kept, c0 included. */
  coefficients?: number;
  /** Band the mel filters span; 0 to half the sample rate when absent. */
  lowHz?: number;
  highHz?: number;
}

const hzToMel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const melToHz = (mel: number) => 700 * (10 ** (mel / 2595) - 1);

function melFilterbank(
  filters: number,
  fftSize: number,
  sampleRate: number,
  lowHz = 0,
  highHz = sampleRate / 2,
): Float64Array[] {
  const [bottom, top] = [hzToMel(lowHz), hzToMel(highHz)];
  const edges = Array.from({ length: filters + 2 }, (_, i) =>
    melToHz(bottom + ((top - bottom) * i) / (filters + 1)),
  );
  const bin = (hz: number) => (hz * fftSize) / sampleRate;
  return Array.from({ length: filters }, (_, m) => {
    const [lo, mid, hi] = [bin(edges[m] ?? 0), bin(edges[m + 1] ?? 0), bin(edges[m + 2] ?? 0)];
    const weights = new Float64Array(fftSize / 2 + 1);
    for (let k = 0; k < weights.length; k++) {
      if (k > lo && k <= mid) weights[k] = (k - lo) / (mid - lo);
      else if (k > mid && k < hi) weights[k] = (hi - k) / (hi - mid);
    }
    return weights;
  });
}

/** One row of `coefficients` values per frame. */
export function mfcc(pcm: Int16Array | Float32Array, options: MfccOptions = {}): Float64Array[] {
  const rate = options.sampleRate ?? 16_000;
  const frameLen = Math.round(((options.frameMs ?? 25) * rate) / 1000);
  const hop = Math.round(((options.hopMs ?? 10) * rate) / 1000);
  const fftSize = options.fftSize ?? 512;
  const filters = options.filters ?? 26;
  const keep = options.coefficients ?? 13;
  const bank = melFilterbank(filters, fftSize, rate, options.lowHz, options.highHz);
  const window = Float64Array.from(
    { length: frameLen },
    (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (frameLen - 1)),
  );
  const dct = Array.from({ length: keep }, (_, c) =>
    Float64Array.from({ length: filters }, (_, m) => Math.cos((Math.PI * c * (m + 0.5)) / filters)),
  );
  const rows: Float64Array[] = [];
  const frame = new Float64Array(frameLen);
  const logMel = new Float64Array(filters);
  for (let start = 0; start + frameLen <= pcm.length; start += hop) {
    for (let i = 0; i < frameLen; i++) {
      const x = (pcm[start + i] ?? 0) - 0.97 * (pcm[start + i - 1] ?? 0);
      frame[i] = (x / 32768) * (window[i] ?? 0);
    }
    const power = powerSpectrum(frame, fftSize);
    for (let m = 0; m < filters; m++) {
      const weights = bank[m] ?? new Float64Array(0);
      let energy = 0;
      for (let k = 0; k < power.length; k++) energy += (power[k] ?? 0) * (weights[k] ?? 0);
      logMel[m] = Math.log(energy + 1e-10);
    }
    rows.push(
      Float64Array.from(dct, (basis) => {
        let sum = 0;
        for (let m = 0; m < filters; m++) sum += (logMel[m] ?? 0) * (basis[m] ?? 0);
        return sum;
      }),
    );
  }
  return rows;
}
