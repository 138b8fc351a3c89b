import { floatToInt16 } from '../audio/pcm.js';
import { Downsampler, Upsampler } from '../audio/resample.js';
import type { DenoiseStream } from './denoise.engine.js';
import type { DenoiseCore } from './denoise-core.js';

// Live denoising of 16 kHz audio: each chunk is raised to 48 kHz (RNNoise's rate), denoised frame by
// frame, and brought back to 16 kHz, all with filters that keep state between chunks, so chunk
// boundaries leave no seams. The two resampling filters delay the signal by 142 samples at 48 kHz
// (~3 ms); that many output samples are dropped at the start and made up at the end, so the output
// stays aligned with the input (within a third of a sample) and equal in length.

const RATIO = 3;
/** Zeros fed at the end: enough to push the last input sample through every delay (≤ 2 frames + filters). */
const DRAIN_SAMPLES_16K = 400;

export class RnnoiseDenoiseStream implements DenoiseStream {
  private readonly core: DenoiseCore;
  private readonly release: () => void;
  private readonly up = new Upsampler(RATIO);
  private readonly down = new Downsampler(RATIO);
  private toSkip: number;
  private received = 0;
  private emitted = 0;
  private closed = false;

  constructor(core: DenoiseCore, release: () => void) {
    this.core = core;
    this.release = release;
    this.toSkip = Math.round((this.up.delay + this.down.delay) / RATIO);
  }

  push(pcm: Int16Array): Int16Array {
    if (this.closed) throw new Error('denoise stream already ended');
    this.received += pcm.length;
    return this.emit(this.down.process(this.core.push(this.up.process(pcm))));
  }

  end(): Int16Array {
    if (this.closed) return new Int16Array(0);
    const drained = [
      this.down.process(this.core.push(this.up.process(new Int16Array(DRAIN_SAMPLES_16K)))),
      this.down.process(this.core.flush()),
    ];
    const tail = new Float32Array(drained.reduce((n, d) => n + d.length, 0));
    tail.set(drained[0] ?? new Float32Array(0));
    tail.set(drained[1] ?? new Float32Array(0), drained[0]?.length ?? 0);
    const out = this.emit(tail);
    this.close();
    return out;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.release();
  }

  private emit(samples: Float32Array): Int16Array {
    const skip = Math.min(this.toSkip, samples.length);
    this.toSkip -= skip;
    const allowed = Math.min(samples.length - skip, this.received - this.emitted);
    this.emitted += allowed;
    return floatToInt16(samples.subarray(skip, skip + allowed));
  }
}
