import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { RnnoiseModule } from '@echogarden/rnnoise-wasm';
import { concatPcm, floatToInt16 } from '../audio/pcm.js';
import { resample16kTo48k, resample48kTo16k } from '../audio/resample.js';
import { type EngineStatus, EngineUnavailableError } from '../engine.js';
import { AttenuationMix } from './attenuation-mix.js';
import {
  DEFAULT_ATTEN_LIMIT_DB,
  DENOISE_FILE_SAMPLE_RATE,
  DENOISE_STREAM_SAMPLE_RATE,
  type DenoiseEngine,
  type DenoiseFileOptions,
  type DenoiseOptions,
  type DenoiseResult,
  type DenoiseStream,
  effectiveAttenDb,
} from './denoise.engine.js';
import { DenoiseCore } from './denoise-core.js';
import { RnnoiseDenoiseStream } from './denoise-stream.js';
import { loadRnnoise, RnnoiseFrameProcessor } from './rnnoise-wasm.loader.js';

// RNNoise (WASM) with the attenuation-limit mix. A file is processed in one-second batches with a
// turn of the event loop in between: an hour of audio takes about a minute of CPU, which must not
// stall live sessions on the same process.

export const RNNOISE_ADAPTER = 'rnnoise-wasm';

const BATCH_SAMPLES = DENOISE_FILE_SAMPLE_RATE;

export interface RnnoiseDenoiseOptions {
  /** Limit used when a request sends 0 or nothing; DEFAULT_ATTEN_LIMIT_DB unless configured. */
  defaultAttenDb?: number;
  load?: () => Promise<RnnoiseModule>;
}

export class RnnoiseDenoiseEngine implements DenoiseEngine {
  private readonly defaultAttenDb: number;
  private readonly load: () => Promise<RnnoiseModule>;
  private failure: string | undefined;

  constructor(options: RnnoiseDenoiseOptions = {}) {
    this.defaultAttenDb = effectiveAttenDb(options.defaultAttenDb, DEFAULT_ATTEN_LIMIT_DB);
    this.load = options.load ?? loadRnnoise;
  }

  status(): EngineStatus {
    const base = { engine: 'denoise' as const, adapter: RNNOISE_ADAPTER };
    if (this.failure) return { ...base, available: false, detail: this.failure };
    return { ...base, available: true, detail: `RNNoise 48 kHz, default limit ${this.defaultAttenDb} dB` };
  }

  async denoise(
    pcm: Int16Array,
    sampleRate: number,
    options: DenoiseFileOptions = {},
  ): Promise<DenoiseResult> {
    if (sampleRate !== DENOISE_FILE_SAMPLE_RATE && sampleRate !== DENOISE_STREAM_SAMPLE_RATE) {
      throw new RangeError(`denoise takes 48 kHz or 16 kHz PCM, not ${sampleRate} Hz`);
    }
    const { core, mix, release } = await this.open(options);
    try {
      const direct = sampleRate === DENOISE_FILE_SAMPLE_RATE;
      const input = direct ? pcm : resample16kTo48k(pcm);
      // At 48 kHz each batch's output is final as it comes; 16 kHz output is resampled at the end.
      const pieces: Int16Array[] = [];
      const hand = (samples: Float32Array) => {
        if (!direct || samples.length === 0) return;
        const piece = floatToInt16(samples);
        pieces.push(piece);
        options.onOutput?.(piece);
      };
      const output = direct ? undefined : new Float32Array(input.length);
      let written = 0;
      for (let at = 0; at < input.length; at += BATCH_SAMPLES) {
        if (at > 0) await yieldToEventLoop();
        const done = core.push(input.subarray(at, at + BATCH_SAMPLES));
        output?.set(done, written);
        written += done.length;
        hand(done);
      }
      const rest = core.flush();
      output?.set(rest, written);
      hand(rest);
      const out = output ? floatToInt16(resample48kTo16k(output).subarray(0, pcm.length)) : concatPcm(pieces);
      if (output) options.onOutput?.(out);
      return {
        pcm: out,
        sampleRate,
        appliedAttenDb: round2(mix.appliedAttenDb()),
        frameLsnrDb: core.frameLsnrDb.map(round2),
      };
    } finally {
      release();
    }
  }

  async createStream(options: DenoiseOptions = {}): Promise<DenoiseStream> {
    const { core, release } = await this.open(options);
    return new RnnoiseDenoiseStream(core, release);
  }

  private async open(options: DenoiseOptions) {
    const module = await this.module();
    const atten = effectiveAttenDb(options.attenLimitDb, this.defaultAttenDb);
    const mix = new AttenuationMix(atten, !options.disableAdaptiveMix);
    const processor = new RnnoiseFrameProcessor(module);
    return { core: new DenoiseCore(processor, mix), mix, release: () => processor.release() };
  }

  private async module(): Promise<RnnoiseModule> {
    try {
      const module = await this.load();
      this.failure = undefined;
      return module;
    } catch (error) {
      this.failure = `RNNoise did not load: ${error instanceof Error ? error.message : String(error)}`;
      throw new EngineUnavailableError('denoise', this.failure);
    }
  }
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
