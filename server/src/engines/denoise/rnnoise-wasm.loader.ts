import createRNNoise, { type RnnoiseModule } from '@echogarden/rnnoise-wasm';

// RNNoise compiled to WASM: 48 kHz mono, 480-sample (10 ms) frames of int16-scale floats. Its
// overlap-add synthesis hands back each frame one frame late, so output lags input by 480 samples;
// callers align for that (RNNOISE_DELAY).

export const RNNOISE_SAMPLE_RATE = 48_000;
export const RNNOISE_FRAME = 480;
/** Output sample n corresponds to input sample n - RNNOISE_DELAY. */
export const RNNOISE_DELAY = RNNOISE_FRAME;

let loading: Promise<RnnoiseModule> | undefined;

export function loadRnnoise(): Promise<RnnoiseModule> {
  loading ??= createRNNoise().then((module) => {
    const frame = module._rnnoise_get_frame_size();
    if (frame !== RNNOISE_FRAME) throw new Error(`RNNoise frame size is ${frame}, expected ${RNNOISE_FRAME}`);
    return module;
  });
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** One RNNoise state (it carries history between frames) with its two frame buffers in WASM memory. */
export class RnnoiseFrameProcessor {
  private readonly module: RnnoiseModule;
  private state: number;
  private readonly input: number;
  private readonly output: number;

  constructor(module: RnnoiseModule) {
    this.module = module;
    this.state = module._rnnoise_create(0);
    if (this.state === 0) throw new Error('RNNoise could not allocate a state');
    this.input = module._malloc(RNNOISE_FRAME * 4);
    this.output = module._malloc(RNNOISE_FRAME * 4);
  }

  /** Denoises `frame` (480 samples) into `out`; returns RNNoise's voice probability for it. */
  process(frame: Float32Array, out: Float32Array): number {
    if (this.state === 0) throw new Error('RNNoise state already released');
    // HEAPF32 is re-read on every call: the view is replaced when WASM memory grows.
    this.module.HEAPF32.set(frame.subarray(0, RNNOISE_FRAME), this.input >> 2);
    const vad = this.module._rnnoise_process_frame(this.state, this.output, this.input);
    out.set(this.module.HEAPF32.subarray(this.output >> 2, (this.output >> 2) + RNNOISE_FRAME));
    return vad;
  }

  release(): void {
    if (this.state === 0) return;
    this.module._rnnoise_destroy(this.state);
    this.module._free(this.input);
    this.module._free(this.output);
    this.state = 0;
  }
}
