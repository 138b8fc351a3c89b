import type { AttenuationMix } from './attenuation-mix.js';
import { RNNOISE_FRAME, type RnnoiseFrameProcessor } from './rnnoise-wasm.loader.js';

// The 48 kHz frame pipeline shared by file and stream denoising. RNNoise returns each frame one
// frame late, so its output at step k is mixed with the input frame of step k−1 and the output of
// step 0 (pre-roll) is dropped: what comes out is aligned sample for sample with what went in.

export class DenoiseCore {
  readonly frameLsnrDb: number[] = [];
  private readonly processor: RnnoiseFrameProcessor;
  private readonly mix: AttenuationMix;
  private readonly pending = new Float32Array(RNNOISE_FRAME);
  private filled = 0;
  private previous = new Float32Array(RNNOISE_FRAME);
  private current = new Float32Array(RNNOISE_FRAME);
  private readonly denoised = new Float32Array(RNNOISE_FRAME);
  private steps = 0;
  private received = 0;
  private emitted = 0;

  constructor(processor: RnnoiseFrameProcessor, mix: AttenuationMix) {
    this.processor = processor;
    this.mix = mix;
  }

  /** Takes 48 kHz samples (int16 scale); returns every mixed sample now complete, in order. */
  push(samples: Float32Array | Int16Array): Float32Array {
    this.received += samples.length;
    const out = new Float32Array(Math.floor((this.filled + samples.length) / RNNOISE_FRAME) * RNNOISE_FRAME);
    let written = 0;
    for (let at = 0; at < samples.length; ) {
      const take = Math.min(RNNOISE_FRAME - this.filled, samples.length - at);
      this.pending.set(samples.subarray(at, at + take), this.filled);
      this.filled += take;
      at += take;
      if (this.filled === RNNOISE_FRAME) {
        written += this.step(this.pending, out.subarray(written, written + RNNOISE_FRAME));
        this.filled = 0;
      }
    }
    return this.take(out.subarray(0, written));
  }

  /** Pads the last partial frame, drains RNNoise's one-frame lag; total output then equals total input. */
  flush(): Float32Array {
    const out = new Float32Array(RNNOISE_FRAME * 2);
    let written = 0;
    if (this.filled > 0) {
      this.pending.fill(0, this.filled);
      written += this.step(this.pending, out.subarray(0, RNNOISE_FRAME));
      this.filled = 0;
    }
    written += this.step(new Float32Array(RNNOISE_FRAME), out.subarray(written, written + RNNOISE_FRAME));
    return this.take(out.subarray(0, written));
  }

  private step(frame: Float32Array, out: Float32Array): number {
    [this.previous, this.current] = [this.current, this.previous];
    this.current.set(frame);
    const voice = this.processor.process(this.current, this.denoised);
    this.steps += 1;
    if (this.steps === 1) return 0;
    this.frameLsnrDb.push(this.mix.mix(this.previous, this.denoised, voice, out));
    return RNNOISE_FRAME;
  }

  /** Never hands out more than was put in: the padding of the last frame stays inside. */
  private take(out: Float32Array): Float32Array {
    const allowed = Math.min(out.length, this.received - this.emitted);
    this.emitted += allowed;
    return out.subarray(0, allowed);
  }
}
