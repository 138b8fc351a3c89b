import { LSNR_MAX_DB, LSNR_MIN_DB, SPEECH_ATTEN_LIMIT_DB } from './denoise.engine.js';

// The DeepFilterNet attenuation-limit mix, frame by frame: out = lim·x + (1−lim)·y,
// lim = 10^(−L/20), where x is the input frame, y RNNoise's output for it and L the frame's limit
// in dB. Fixed mode: L = atten always. Adaptive mode: L follows RNNoise's voice probability p,
// target = atten − (atten − min(atten, SPEECH_ATTEN_LIMIT_DB))·p; L drops to a lower target at once
// (speech onset must not be cut) and rises towards a higher one by RELEASE of the gap per frame.

/** Share of the gap closed per 10 ms frame when the limit rises: a ~45 ms time constant. */
const RELEASE = 0.2;

export class AttenuationMix {
  private readonly attenDb: number;
  private readonly adaptive: boolean;
  private limitDb: number;
  private limitSum = 0;
  private frames = 0;

  constructor(attenDb: number, adaptive: boolean) {
    this.attenDb = attenDb;
    this.adaptive = adaptive;
    this.limitDb = attenDb;
  }

  /** Writes the mixed frame to `out` and returns the frame's local SNR in dB. */
  mix(x: Float32Array, y: Float32Array, voiceProbability: number, out: Float32Array): number {
    const limitDb = this.nextLimit(voiceProbability);
    this.limitSum += limitDb;
    this.frames += 1;
    const lim = 10 ** (-limitDb / 20);
    let kept = 0;
    let removed = 0;
    for (let i = 0; i < out.length; i++) {
      const xi = x[i] ?? 0;
      const yi = y[i] ?? 0;
      out[i] = lim * xi + (1 - lim) * yi;
      kept += yi * yi;
      removed += (xi - yi) * (xi - yi);
    }
    return localSnrDb(kept, removed);
  }

  /** Mean limit over the frames mixed so far (the request's `applied_atten_db`). */
  appliedAttenDb(): number {
    return this.frames === 0 ? this.attenDb : this.limitSum / this.frames;
  }

  private nextLimit(voiceProbability: number): number {
    if (!this.adaptive) return this.attenDb;
    const p = Math.min(1, Math.max(0, voiceProbability));
    const floor = Math.min(this.attenDb, SPEECH_ATTEN_LIMIT_DB);
    const target = this.attenDb - (this.attenDb - floor) * p;
    this.limitDb = target < this.limitDb ? target : this.limitDb + (target - this.limitDb) * RELEASE;
    return this.limitDb;
  }
}

/** 10·log10(kept/removed), with the empty cases pinned to the ends of DeepFilterNet's range. */
export function localSnrDb(kept: number, removed: number): number {
  if (removed <= 0) return kept <= 0 ? LSNR_MIN_DB : LSNR_MAX_DB;
  if (kept <= 0) return LSNR_MIN_DB;
  const db = 10 * Math.log10(kept / removed);
  return Math.min(LSNR_MAX_DB, Math.max(LSNR_MIN_DB, db));
}
