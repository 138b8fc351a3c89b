import type { Engine } from '../engine.js';

// Voice activity: where the speech is. File STT cuts audio into segments with it; the live
// stream uses it as the endpointer that decides when an utterance is over.

export interface SpeechSegment {
  startMs: number;
  endMs: number;
}

export interface VadOptions {
  /** Analysis frame: 10, 20 or 30 ms (WebRTC VAD's sizes). Default 20. */
  frameMs?: 10 | 20 | 30;
  /** WebRTC aggressiveness 0 (keeps most) to 3 (drops most non-speech). Default 2. */
  aggressiveness?: 0 | 1 | 2 | 3;
  /** Silence that must follow speech before a segment is closed. Default 500 ms. */
  minSilenceMs?: number;
  /** Audio kept after the last speech frame of a segment (hangover). Default 150 ms. */
  hangoverMs?: number;
  /** Audio kept before the first speech frame. Default 150 ms. */
  preRollMs?: number;
  /** Segments with less voiced time than this are dropped as clicks and breaths. Default 200 ms. */
  minSpeechMs?: number;
  /** A segment is closed at this length even without silence. Default 30 000 ms. */
  maxSegmentMs?: number;
  /**
   * Frames WebRTC VAD calls speech that are more than this many dB under the running speech level
   * count as silence: its own hangover keeps ~0.1 s after speech voiced, which an endpointer
   * would otherwise wait out. Default: off.
   */
  energyGateDb?: number;
}

export type VadEvent =
  | { type: 'speech-start'; startMs: number }
  | { type: 'speech-end'; segment: SpeechSegment };

/** Incremental VAD over a live stream: feed PCM in any chunk size, get start/end events. */
export interface VadStream {
  /** 16 kHz mono PCM; returns the events this audio completed. */
  push(pcm: Int16Array): VadEvent[];
  /** End of audio: closes an open segment. */
  flush(): VadEvent[];
  /** Milliseconds of audio consumed so far. */
  readonly positionMs: number;
  /** Non-speech at the end of the open segment so far (0 when none is open or the last frame was speech). */
  readonly silenceMs: number;
  close(): void;
}

export interface VadEngine extends Engine {
  /** Whole-buffer segmentation of 16 kHz mono PCM. */
  segments(pcm: Int16Array, options?: VadOptions): SpeechSegment[];
  openStream(options?: VadOptions): VadStream;
}
