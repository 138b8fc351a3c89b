// Types for @echogarden/rnnoise-wasm (the package ships none), read from its glue code: the
// default export starts the runtime and resolves to the Emscripten module with RNNoise's C API.
declare module '@echogarden/rnnoise-wasm' {
  export interface RnnoiseModule {
    HEAPF32: Float32Array;
    _malloc(bytes: number): number;
    _free(pointer: number): void;
    /** `model` 0 = the built-in model. Returns a state pointer (0 on failure). */
    _rnnoise_create(model: number): number;
    _rnnoise_destroy(state: number): void;
    _rnnoise_get_frame_size(): number;
    /** Denoises one frame (int16-scale floats) from `input` into `output`; returns the voice probability 0..1. */
    _rnnoise_process_frame(state: number, output: number, input: number): number;
  }

  export default function createRNNoise(moduleArg?: object): Promise<RnnoiseModule>;
}
