// Fundamental frequency by YIN (de Cheveigné & Kawahara 2002): cumulative-mean-normalised
// difference function, first dip under the threshold, parabolic interpolation.

export interface PitchOptions {
  sampleRate?: number;
  minHz?: number;
  maxHz?: number;
  /** Dip depth that counts as periodic; lower is stricter. */
  threshold?: number;
  frameMs?: number;
  hopMs?: number;
}

/** F0 of one frame in Hz, or undefined when the frame is not clearly periodic. */
export function yinFrame(frame: ArrayLike<number>, options: PitchOptions = {}): number | undefined {
  const rate = options.sampleRate ?? 16_000;
  const minLag = Math.floor(rate / (options.maxHz ?? 400));
  const maxLag = Math.ceil(rate / (options.minHz ?? 60));
  const threshold = options.threshold ?? 0.15;
  const width = frame.length - maxLag;
  if (width <= 0) return undefined;
  const d = new Float64Array(maxLag + 2);
  for (let lag = 1; lag <= maxLag + 1; lag++) {
    let sum = 0;
    for (let i = 0; i < width; i++) {
      const diff = (frame[i] ?? 0) - (frame[i + lag] ?? 0);
      sum += diff * diff;
    }
    d[lag] = sum;
  }
  const cmnd = new Float64Array(maxLag + 2);
  let running = 0;
  for (let lag = 1; lag <= maxLag + 1; lag++) {
    running += d[lag] ?? 0;
    cmnd[lag] = running > 0 ? ((d[lag] ?? 0) * lag) / running : 1;
  }
  for (let lag = minLag; lag <= maxLag; lag++) {
    if ((cmnd[lag] ?? 1) < threshold) {
      while (lag + 1 <= maxLag && (cmnd[lag + 1] ?? 1) < (cmnd[lag] ?? 1)) lag++;
      const [a, b, c] = [cmnd[lag - 1] ?? 0, cmnd[lag] ?? 0, cmnd[lag + 1] ?? 0];
      const denom = a - 2 * b + c;
      const shift = denom !== 0 ? (0.5 * (a - c)) / denom : 0;
      return rate / (lag + Math.max(-1, Math.min(1, shift)));
    }
  }
  return undefined;
}

/**
 * F0 track: one value (Hz) per voiced frame, skipping unvoiced and silent frames. 16 kHz input is
 * analysed at 8 kHz (pairs averaged): voice F0 sits far below 4 kHz and YIN's cost is quadratic in rate.
 */
export function pitchTrack(pcm: Int16Array | Float32Array, options: PitchOptions = {}): number[] {
  const inputRate = options.sampleRate ?? 16_000;
  const halve = inputRate === 16_000;
  const rate = halve ? 8_000 : inputRate;
  const signal = halve
    ? Float32Array.from(
        { length: pcm.length >> 1 },
        (_, i) => ((pcm[2 * i] ?? 0) + (pcm[2 * i + 1] ?? 0)) / 2,
      )
    : pcm;
  const frameLen = Math.round(((options.frameMs ?? 40) * rate) / 1000);
  const hop = Math.round(((options.hopMs ?? 20) * rate) / 1000);
  const frameOptions = { ...options, sampleRate: rate };
  const out: number[] = [];
  for (let start = 0; start + frameLen <= signal.length; start += hop) {
    const frame = signal.subarray(start, start + frameLen);
    let energy = 0;
    for (let i = 0; i < frame.length; i++) energy += (frame[i] ?? 0) ** 2;
    if (Math.sqrt(energy / frame.length) < 200) continue; // about -44 dBFS: silence has no pitch
    const f0 = yinFrame(frame, frameOptions);
    if (f0 !== undefined) out.push(f0);
  }
  return out;
}

export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
