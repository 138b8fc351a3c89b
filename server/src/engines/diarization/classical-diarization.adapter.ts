import type { EngineStatus } from '../engine.js';
import type { SpeechSegment } from '../vad/vad.engine.js';
import type {
  DiarizationEngine,
  DiarizationOptions,
  DiarizationSession,
  DiarizedSegment,
} from './diarization.engine.js';
import {
  byFirstAppearance,
  clusterSpeakers,
  DEFAULT_MAX_SPEAKERS,
  DEFAULT_THRESHOLD,
} from './speaker-clustering.js';
import {
  pool,
  type SpeakerFeatures,
  segmentFeatures,
  speakerDistance,
  speakerFeatures,
} from './speaker-features.js';

// Classical diarization, no model files: MFCC statistics + median F0 per segment, agglomerative
// clustering. The threshold was set on flite voices (same-voice distances ≤ 0.21, different-voice
// ≥ 0.62); natural speech varies more within a speaker, so treat it as a starting point.

export class ClassicalDiarizationEngine implements DiarizationEngine {
  status(): EngineStatus {
    return {
      engine: 'diarization',
      adapter: 'classical-mfcc-f0',
      available: true,
      detail: `MFCC + F0 features, agglomerative clustering, up to ${DEFAULT_MAX_SPEAKERS} speakers`,
    };
  }

  diarize(
    pcm16k: Int16Array,
    segments: readonly SpeechSegment[],
    options: DiarizationOptions = {},
  ): DiarizedSegment[] {
    const ordered = [...segments].sort((a, b) => a.startMs - b.startMs);
    const features = ordered.map((segment) => segmentFeatures(pcm16k, segment));
    const labels = byFirstAppearance(
      clusterSpeakers(
        features,
        options.threshold ?? DEFAULT_THRESHOLD,
        options.maxSpeakers ?? DEFAULT_MAX_SPEAKERS,
      ),
    );
    return ordered.map((segment, i) => ({ ...segment, speaker: String(labels[i] ?? 0) }));
  }

  openSession(options: DiarizationOptions = {}): DiarizationSession {
    const threshold = options.threshold ?? DEFAULT_THRESHOLD;
    const maxSpeakers = options.maxSpeakers ?? DEFAULT_MAX_SPEAKERS;
    const speakers: SpeakerFeatures[] = [];
    return {
      assign(pcm16k) {
        const features = speakerFeatures(pcm16k);
        if (!features) return undefined;
        let nearest = -1;
        let distance = Number.POSITIVE_INFINITY;
        speakers.forEach((speaker, i) => {
          const d = speakerDistance(speaker, features).total;
          if (d < distance) [nearest, distance] = [i, d];
        });
        const known = speakers[nearest];
        if (known && (distance <= threshold || speakers.length >= maxSpeakers)) {
          speakers[nearest] = pool(known, features);
          return String(nearest);
        }
        speakers.push(features);
        return String(speakers.length - 1);
      },
    };
  }
}
