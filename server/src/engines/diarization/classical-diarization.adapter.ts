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
  type ClusteringRule,
  clusterSpeakers,
  DEFAULT_MAX_SPEAKERS,
  mergeLimit,
  nearestSpeaker,
} from './speaker-clustering.js';
import { pool, type SpeakerFeatures, segmentFeatures, speakerFeatures } from './speaker-features.js';
import { profileFor } from './speaker-profile.js';

// Classical diarization, no model files: MFCC statistics per segment (telephone band, or full band
// with pitch, as the recording's spectrum says: speaker-profile.ts), agglomerative clustering with
// a distance threshold as the stopping rule and a minimum turn length (speaker-clustering.ts).

export class ClassicalDiarizationEngine implements DiarizationEngine {
  status(): EngineStatus {
    return {
      engine: 'diarization',
      adapter: 'classical-mfcc',
      available: true,
      detail: `MFCC statistics (telephone band, or full band + F0), agglomerative clustering, up to ${DEFAULT_MAX_SPEAKERS} speakers`,
    };
  }

  diarize(
    pcm16k: Int16Array,
    segments: readonly SpeechSegment[],
    options: DiarizationOptions = {},
  ): DiarizedSegment[] {
    const ordered = [...segments].sort((a, b) => a.startMs - b.startMs);
    const rule = ruleOf(profileFor(pcm16k), options);
    const features = ordered.map((segment) => segmentFeatures(pcm16k, segment, rule.profile));
    const labels = byFirstAppearance(clusterSpeakers(features, rule));
    return ordered.map((segment, i) => ({ ...segment, speaker: String(labels[i] ?? 0) }));
  }

  openSession(options: DiarizationOptions = {}): DiarizationSession {
    const maxSpeakers = options.maxSpeakers ?? DEFAULT_MAX_SPEAKERS;
    const speakers: SpeakerFeatures[] = [];
    // The first utterance decides the session's profile: one stream has one channel.
    let rule: ClusteringRule | undefined;
    return {
      assign(pcm16k) {
        rule ??= ruleOf(profileFor(pcm16k), options);
        const features = speakerFeatures(pcm16k, rule.profile);
        if (!features) return undefined;
        const { index: nearest, distance } = nearestSpeaker(speakers, features);
        const known = speakers[nearest];
        if (known && (distance <= mergeLimit(rule, known, features) || speakers.length >= maxSpeakers)) {
          speakers[nearest] = pool(known, features);
          return String(nearest);
        }
        speakers.push(features);
        return String(speakers.length - 1);
      },
    };
  }
}

function ruleOf(profile: ClusteringRule['profile'], options: DiarizationOptions): ClusteringRule {
  return {
    profile,
    ...(options.threshold === undefined ? {} : { threshold: options.threshold }),
    ...(options.maxSpeakers === undefined ? {} : { maxSpeakers: options.maxSpeakers }),
  };
}
