import { msToSamples } from '../audio/pcm.js';
import type { SpeechSegment } from '../vad/vad.engine.js';
import { mfcc } from './mfcc.js';
import { median, pitchTrack } from './pitch.js';
import type { SpeakerProfile } from './speaker-profile.js';

// What a segment says about its speaker: the Gaussian (mean, variance) of its MFCCs (c0 is
// loudness and left out) and, in the wideband profile, its median F0. Segments and clusters share
// this shape, so a cluster is just the pooled statistics of its segments. speaker-profile.ts says
// which band and frames each kind of recording uses, and why.

export interface SpeakerFeatures {
  /** MFCC frames pooled into these statistics. */
  frames: number;
  mean: Float64Array;
  variance: Float64Array;
  /** Natural log of the median F0 in Hz; undefined when unvoiced or the profile has no pitch. */
  logF0: number | undefined;
  /** Voiced frames behind logF0. */
  voicedFrames: number;
}

/** Frames (10 ms each) below which a stretch says too little about its speaker. */
const MIN_FRAMES = 10;

export function speakerFeatures(pcm: Int16Array, profile: SpeakerProfile): SpeakerFeatures | undefined {
  const all = mfcc(pcm, profile.mfcc);
  if (all.length < MIN_FRAMES) return undefined;
  const loudness = all.map((row) => row[0] ?? 0).sort((a, b) => a - b);
  const floor = loudness[Math.floor(loudness.length * profile.quietShare)] ?? Number.NEGATIVE_INFINITY;
  const rows = all.filter((row) => (row[0] ?? 0) >= floor).map((row) => row.subarray(1));
  const dims = (profile.mfcc.coefficients ?? 13) - 1;
  const mean = new Float64Array(dims);
  const variance = new Float64Array(dims);
  for (const row of rows)
    for (let d = 0; d < dims; d++) mean[d] = (mean[d] ?? 0) + (row[d] ?? 0) / rows.length;
  for (const row of rows) {
    for (let d = 0; d < dims; d++)
      variance[d] = (variance[d] ?? 0) + ((row[d] ?? 0) - (mean[d] ?? 0)) ** 2 / rows.length;
  }
  const f0 = profile.pitch ? pitchTrack(pcm) : [];
  const mid = median(f0);
  return {
    frames: rows.length,
    mean,
    variance,
    logF0: mid === undefined ? undefined : Math.log(mid),
    voicedFrames: f0.length,
  };
}

export function segmentFeatures(
  pcm: Int16Array,
  segment: SpeechSegment,
  profile: SpeakerProfile,
): SpeakerFeatures | undefined {
  return speakerFeatures(pcm.subarray(msToSamples(segment.startMs), msToSamples(segment.endMs)), profile);
}

/** Statistics of the union of two sets of frames (exact for mean and variance). */
export function pool(a: SpeakerFeatures, b: SpeakerFeatures): SpeakerFeatures {
  const n = a.frames + b.frames;
  const mean = Float64Array.from(a.mean, (m, d) => (m * a.frames + (b.mean[d] ?? 0) * b.frames) / n);
  const variance = Float64Array.from(a.variance, (v, d) => {
    const m = mean[d] ?? 0;
    return (
      (a.frames * (v + ((a.mean[d] ?? 0) - m) ** 2) +
        b.frames * ((b.variance[d] ?? 0) + ((b.mean[d] ?? 0) - m) ** 2)) /
      n
    );
  });
  const voiced = a.voicedFrames + b.voicedFrames;
  const logF0 =
    a.logF0 === undefined
      ? b.logF0
      : b.logF0 === undefined
        ? a.logF0
        : (a.logF0 * a.voicedFrames + b.logF0 * b.voicedFrames) / voiced;
  return { frames: n, mean, variance, logF0, voicedFrames: voiced };
}

/** A log-F0 difference of this size (~15 %) counts as much as one unit of timbre distance. */
const PITCH_SCALE = 0.15;

/**
 * Scale-free distance between two speakers: per MFCC dimension, the squared mean difference over
 * the summed variances (a Fisher ratio), averaged; plus the squared log-F0 difference in units of
 * PITCH_SCALE when both have a pitch.
 */
export function speakerDistance(a: SpeakerFeatures, b: SpeakerFeatures): number {
  let timbre = 0;
  for (let d = 0; d < a.mean.length; d++) {
    timbre +=
      ((a.mean[d] ?? 0) - (b.mean[d] ?? 0)) ** 2 / ((a.variance[d] ?? 0) + (b.variance[d] ?? 0) + 1e-9);
  }
  timbre /= a.mean.length;
  const pitch = a.logF0 !== undefined && b.logF0 !== undefined ? ((a.logF0 - b.logF0) / PITCH_SCALE) ** 2 : 0;
  return timbre + pitch;
}
