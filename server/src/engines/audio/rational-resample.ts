// Resampling by any rational ratio (22,050 Hz espeak-ng speech → 24 kHz for Opus), polyphase with a
// Blackman-windowed sinc. Output sample n depends only on the input around n·from/to, so any range
// of the output can be computed on its own: the Opus encoder asks for one 20 ms frame at a time.

const TAPS_PER_PHASE = 32;
/** Pass band edge as a share of the lower rate's Nyquist frequency. */
const ROLLOFF = 0.9;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export class RationalResampler {
  /** Upsampling factor L and downsampling factor M: to/from = L/M in lowest terms. */
  private readonly up: number;
  private readonly down: number;
  /** phases[p * TAPS_PER_PHASE + k] = h[p + k·L]. */
  private readonly phases: Float32Array;
  /** The filter's delay in upsampled samples, added back so output lines up with input. */
  private readonly delay: number;

  constructor(
    readonly from: number,
    readonly to: number,
  ) {
    if (!Number.isInteger(from) || !Number.isInteger(to) || from <= 0 || to <= 0)
      throw new RangeError(`cannot resample ${from} Hz → ${to} Hz`);
    const g = gcd(from, to);
    this.up = to / g;
    this.down = from / g;
    const taps = TAPS_PER_PHASE * this.up - 1; // odd: a whole-sample delay
    this.delay = (taps - 1) / 2;
    const cutoff = (ROLLOFF * 0.5) / Math.max(this.up, this.down); // cycles per upsampled sample
    this.phases = new Float32Array(TAPS_PER_PHASE * this.up);
    for (let j = 0; j < taps; j++) {
      const t = j - this.delay;
      const sinc = t === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * t) / (Math.PI * t);
      const window =
        0.42 -
        0.5 * Math.cos((2 * Math.PI * j) / (taps - 1)) +
        0.08 * Math.cos((4 * Math.PI * j) / (taps - 1));
      // × L: zero-stuffing the input by L divides its level by L.
      this.phases[(j % this.up) * TAPS_PER_PHASE + Math.floor(j / this.up)] = this.up * sinc * window;
    }
  }

  /** Output samples for an input of `inputLength` samples. */
  outputLength(inputLength: number): number {
    return Math.ceil((inputLength * this.up) / this.down);
  }

  /** Output samples [start, start + out.length) of resampling `input`, written into `out`. */
  range(input: Int16Array, start: number, out: Int16Array): void {
    for (let n = 0; n < out.length; n++) {
      const position = (start + n) * this.down + this.delay;
      const newest = Math.floor(position / this.up);
      const base = (position % this.up) * TAPS_PER_PHASE;
      let sum = 0;
      for (let k = 0; k < TAPS_PER_PHASE; k++) {
        const i = newest - k;
        if (i >= 0 && i < input.length) sum += (this.phases[base + k] ?? 0) * (input[i] ?? 0);
      }
      out[n] = sum > 32767 ? 32767 : sum < -32768 ? -32768 : Math.round(sum);
    }
  }

  /** The whole input resampled. */
  resample(input: Int16Array): Int16Array {
    const out = new Int16Array(this.outputLength(input.length));
    this.range(input, 0, out);
    return out;
  }
}
