import { powerSpectrum } from './fft.js';
import type { MfccOptions } from './mfcc.js';

// Which speaker features suit a recording, decided once per file (or live session) from its
// spectrum. Telephone-band audio (8 kHz recordings, phone calls) carries nothing of the voice above
// ~3.8 kHz, so its features come from 200-3600 Hz; wideband audio keeps the full band and pitch.
//
// Measured (bench/README.md, "speakers"): on the Asterisk recordings in fixtures/recordings (three
// real people, telephone band) the wideband features left two alternating speakers 48 % right and
// pitch read a man and a woman both near 200 Hz; the telephone profile labels all 13 one-, two-
// and three-speaker conversations built from them right. On the flite fixtures (wideband) the
// telephone profile cannot tell awb from rms or keep slt one speaker, the wideband one does.
// Wideband real speech is not in the fixtures: its profile is tuned on synthetic voices only.

export interface SpeakerProfile {
  name: 'telephone' | 'wideband';
  mfcc: MfccOptions;
  /** Share of the quietest frames (by c0) left out: pauses and breath carry the room, not the voice. */
  quietShare: number;
  /** Whether median pitch is part of the features. */
  pitch: boolean;
  /** Merge limit between long stretches (speaker-clustering.ts). */
  threshold: number;
  /** How much wider the limit is for short stretches (0: the same for all). */
  shortStretchSlope: number;
}

export const TELEPHONE_PROFILE: SpeakerProfile = {
  name: 'telephone',
  mfcc: { lowHz: 200, highHz: 3600, filters: 20, coefficients: 17 },
  quietShare: 0.3,
  pitch: false,
  threshold: 0.05,
  shortStretchSlope: 7.6,
};

/** Set on the flite voices (same-voice distances ≤ 0.21, different-voice ≥ 0.62). */
export const WIDEBAND_PROFILE: SpeakerProfile = {
  name: 'wideband',
  mfcc: { coefficients: 13 },
  quietShare: 0,
  pitch: true,
  threshold: 0.45,
  shortStretchSlope: 0,
};

/**
 * Energy at 4.2-6 kHz against 3-3.8 kHz, in dB, over the louder half of 32 ms frames every 0.1 s:
 * −8 to −16 dB on the telephone recordings (codec noise), −5 to +1 dB on wideband speech.
 */
const TELEPHONE_BELOW_DB = -6.5;

export function profileFor(pcm16k: Int16Array): SpeakerProfile {
  const size = 512;
  const frame = new Float64Array(size);
  const frames: { total: number; high: number; band: number }[] = [];
  for (let start = 0; start + size <= pcm16k.length; start += 1600) {
    for (let i = 0; i < size; i++) frame[i] = (pcm16k[start + i] ?? 0) / 32768;
    const power = powerSpectrum(frame, size);
    let total = 0;
    let high = 0;
    let band = 0;
    power.forEach((p, k) => {
      const hz = (k * 16_000) / size;
      total += p;
      if (hz > 4200 && hz < 6000) high += p;
      else if (hz >= 3000 && hz <= 3800) band += p;
    });
    frames.push({ total, high, band });
  }
  const loud = frames.sort((a, b) => b.total - a.total).slice(0, Math.ceil(frames.length / 2));
  const high = loud.reduce((s, f) => s + f.high, 0);
  const band = loud.reduce((s, f) => s + f.band, 0);
  if (band <= 0) return WIDEBAND_PROFILE;
  return 10 * Math.log10(high / band + 1e-12) < TELEPHONE_BELOW_DB ? TELEPHONE_PROFILE : WIDEBAND_PROFILE;
}
