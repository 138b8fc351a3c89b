import type { Engine } from '../engine.js';
import type { SpeechSegment } from '../vad/vad.engine.js';

// Who spoke when: speech segments in, a speaker label per segment out. Labels are "0", "1", ...
// in order of first appearance, as the spec's utterances[].speaker and stream `speaker` expect.

export interface DiarizedSegment extends SpeechSegment {
  speaker: string;
}

export interface DiarizationOptions {
  /** Upper bound on distinct speakers. Default 4. */
  maxSpeakers?: number;
  /** Clusters closer than this merge; lower finds more speakers. Default in the adapter. */
  threshold?: number;
}

export interface DiarizationEngine extends Engine {
  /** Labels each segment of 16 kHz mono `pcm`; the segments come back in time order. */
  diarize(
    pcm16k: Int16Array,
    segments: readonly SpeechSegment[],
    options?: DiarizationOptions,
  ): DiarizedSegment[];
  /** Incremental labelling for a live stream: one call per finished utterance. */
  openSession(options?: DiarizationOptions): DiarizationSession;
}

export interface DiarizationSession {
  /** Speaker label of this utterance's audio, or undefined when it is too short to tell. */
  assign(pcm16k: Int16Array): string | undefined;
}

/** Everyone is speaker "0": what `enable_diarization: false` asks for. */
export function singleSpeaker(segments: readonly SpeechSegment[]): DiarizedSegment[] {
  return [...segments].sort((a, b) => a.startMs - b.startMs).map((s) => ({ ...s, speaker: '0' }));
}
