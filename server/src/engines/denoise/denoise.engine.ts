import type { Engine } from '../engine.js';

// Noise reduction for POST /v1/denoise (whole files) and the live stream's reduce_noise=true
// (16 kHz chunks). The attenuation limit follows DeepFilterNet's: the output is a mix of the input x
// and the denoised signal y, out = lim·x + (1−lim)·y with lim = 10^(−atten/20), so no part of the
// signal is attenuated by more than `atten` dB.

export interface DenoiseOptions {
  /**
   * 0 to 100 dB; 0 (or omitted) means the server default. Higher is stronger: 6 dB lets half the
   * noise amplitude through, 100 dB is RNNoise's full output.
   */
  attenLimitDb?: number;
  /**
   * false (default), adaptive mix: the limit follows RNNoise's voice probability frame by frame —
   * the full limit where nobody speaks, at most SPEECH_ATTEN_LIMIT_DB while someone speaks (RNNoise's
   * own distortion of speech is then blended with the original), moving back up with a ~50 ms
   * release so word tails are not chopped.
   * true, fixed attenuation: every frame gets the full limit, speech included. Removes more noise
   * under speech and may damage the speech itself.
   */
  disableAdaptiveMix?: boolean;
}

export interface DenoiseFileOptions extends DenoiseOptions {
  /**
   * Called with each consecutive piece of the output as soon as it is ready (together they are
   * `pcm`): POST /v1/denoise feeds them to the encoder, so encoding runs while denoising goes on.
   */
  onOutput?: (pcm: Int16Array) => void;
}

export interface DenoiseResult {
  /** Denoised mono PCM at the input's sample rate, same length, aligned with the input. */
  pcm: Int16Array;
  sampleRate: number;
  /** Mean of the per-frame attenuation limits applied, in dB (the full limit in fixed mode). */
  appliedAttenDb: number;
  /**
   * Local SNR per 10 ms frame: 10·log10(Σy² / Σ(x−y)²) — the denoised signal's energy against the
   * energy removed — clamped to [LSNR_MIN_DB, LSNR_MAX_DB] (DeepFilterNet's range). The zero cases:
   * nothing removed reads the maximum; nothing left (including digital silence) the minimum.
   */
  frameLsnrDb: number[];
}

/** Live form: 16 kHz chunks in, the same number of denoised samples out overall, aligned with the input. */
export interface DenoiseStream {
  /**
   * Denoised samples ready so far. Output trails input by 10–20 ms (RNNoise's 10 ms frames and its
   * one-frame delay, plus ~3 ms of resampling filters); `end()` hands over the rest.
   */
  push(pcm: Int16Array): Int16Array;
  /** Drains what is held back; total output then equals total input. Releases the stream. */
  end(): Int16Array;
  /** Releases the stream without draining (abandoned session). */
  close(): void;
}

export interface DenoiseEngine extends Engine {
  /** `sampleRate` must be 48,000 (RNNoise's rate; decode files straight to it) or 16,000. */
  denoise(pcm: Int16Array, sampleRate: number, options?: DenoiseFileOptions): Promise<DenoiseResult>;
  /** A stream over 16 kHz PCM (the live STT format). */
  createStream(options?: DenoiseOptions): Promise<DenoiseStream>;
}

export const DENOISE_FILE_SAMPLE_RATE = 48_000;
export const DENOISE_STREAM_SAMPLE_RATE = 16_000;

/**
 * Server default when a request sends 0: no practical limit, as DeepFilterNet's own default. With the
 * adaptive mix this is RNNoise's full strength where nobody speaks and SPEECH_ATTEN_LIMIT_DB under speech.
 */
export const DEFAULT_ATTEN_LIMIT_DB = 100;
/** The adaptive mix's ceiling on attenuation while speech is present. */
export const SPEECH_ATTEN_LIMIT_DB = 15;
export const LSNR_MIN_DB = -15;
export const LSNR_MAX_DB = 35;

/** The spec's 0 → server default; anything else clamped to 0–100 (the schema already refuses outside). */
export function effectiveAttenDb(requested: number | undefined, serverDefault: number): number {
  const value = requested === undefined || requested === 0 ? serverDefault : requested;
  return Math.min(100, Math.max(0, value));
}
