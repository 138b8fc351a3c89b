// Integer-ratio resampling (16 kHz ↔ 48 kHz for RNNoise) with a windowed-sinc low-pass. The
// classes keep filter history, so a live stream can be resampled frame by frame with no seams;
// the functions handle whole buffers and remove the filter's delay so output lines up with input.

const TAPS_PER_PHASE = 48;

function lowPass(factor: number): Float64Array {
  // Odd length: a whole-sample delay keeps the block functions exactly aligned.
  const taps = TAPS_PER_PHASE * factor - 1;
  const cutoff = 0.9 / (2 * factor); // cycles per high-rate sample: 90 % of the low rate's Nyquist
  const centre = (taps - 1) / 2;
  const h = new Float64Array(taps);
  let sum = 0;
  for (let j = 0; j < taps; j++) {
    const t = j - centre;
    const sinc = t === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * t) / (Math.PI * t);
    const blackman =
      0.42 - 0.5 * Math.cos((2 * Math.PI * j) / (taps - 1)) + 0.08 * Math.cos((4 * Math.PI * j) / (taps - 1));
    h[j] = sinc * blackman;
    sum += h[j] ?? 0;
  }
  for (let j = 0; j < taps; j++) h[j] = (h[j] ?? 0) / sum;
  return h;
}

type Samples = Float32Array | Int16Array;

/** Newest-first window over the last `size` samples; a doubled buffer avoids shifting on every push. */
class History {
  private readonly buf: Float64Array;
  private readonly size: number;
  pos = 0;
  constructor(size: number) {
    this.size = size;
    this.buf = new Float64Array(size * 2);
  }
  push(value: number): Float64Array {
    this.pos = this.pos === 0 ? this.size - 1 : this.pos - 1;
    this.buf[this.pos] = value;
    this.buf[this.pos + this.size] = value;
    return this.buf;
  }
}

/** Raises the rate by `factor` (16 kHz → 48 kHz with 3). Output is in the input's scale. */
export class Upsampler {
  readonly factor: number;
  /** Filter delay in output samples. */
  readonly delay: number;
  private readonly h: Float64Array;
  private readonly history: History;

  constructor(factor = 3) {
    this.factor = factor;
    this.h = lowPass(factor);
    this.delay = (this.h.length - 1) / 2;
    this.history = new History(TAPS_PER_PHASE);
  }

  process(input: Samples): Float32Array {
    const { factor, h, history } = this;
    const out = new Float32Array(input.length * factor);
    for (let i = 0; i < input.length; i++) {
      const buf = history.push(input[i] ?? 0);
      const at = history.pos;
      for (let phase = 0; phase < factor; phase++) {
        let acc = 0;
        for (let k = 0, j = phase; j < h.length; k++, j += factor) acc += (buf[at + k] ?? 0) * (h[j] ?? 0);
        out[i * factor + phase] = acc * factor;
      }
    }
    return out;
  }
}

/** Lowers the rate by `factor` (48 kHz → 16 kHz with 3), filtering out what the lower rate cannot hold. */
export class Downsampler {
  readonly factor: number;
  /** Filter delay in input (high-rate) samples. */
  readonly delay: number;
  private readonly h: Float64Array;
  private readonly history: History;
  private phase = 0;

  constructor(factor = 3) {
    this.factor = factor;
    this.h = lowPass(factor);
    this.delay = (this.h.length - 1) / 2;
    this.history = new History(this.h.length);
  }

  process(input: Samples): Float32Array {
    const { factor, h, history } = this;
    const out = new Float32Array(Math.floor((this.phase + input.length) / factor));
    let n = 0;
    for (let i = 0; i < input.length; i++) {
      const buf = history.push(input[i] ?? 0);
      this.phase = (this.phase + 1) % factor;
      if (this.phase !== 0) continue;
      const at = history.pos;
      let acc = 0;
      for (let j = 0; j < h.length; j++) acc += (buf[at + j] ?? 0) * (h[j] ?? 0);
      out[n++] = acc;
    }
    return out;
  }
}

/** Whole-buffer 16 kHz → 48 kHz; output length is exactly 3× and aligned with the input. */
export function resample16kTo48k(input: Samples): Float32Array {
  const up = new Upsampler(3);
  const padded = new Float32Array(input.length + Math.ceil(up.delay / 3) + 1);
  padded.set(input);
  return up.process(padded).subarray(up.delay, up.delay + input.length * 3);
}

/** Whole-buffer 48 kHz → 16 kHz; output length is floor(n / 3) and aligned with the input. */
export function resample48kTo16k(input: Samples): Float32Array {
  const down = new Downsampler(3);
  // Output m is taken at padded sample 3m + 2 and lags by the filter delay; a short lead makes the
  // kept outputs fall on input samples 0, 3, 6, ...
  const lead = (((2 - down.delay) % 3) + 3) % 3;
  const padded = new Float32Array(lead + input.length + down.delay + 3);
  padded.set(input, lead);
  const out = down.process(padded);
  const skip = (lead + down.delay - 2) / 3;
  return out.subarray(skip, skip + Math.floor(input.length / 3));
}
