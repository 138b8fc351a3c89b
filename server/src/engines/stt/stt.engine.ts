import type { Engine } from '../engine.js';

// Speech-to-text: one interface for the local recognizer and an upstream service. Times are in
// milliseconds from the start of the audio passed in (or of the stream, for streams).

export interface SttWord {
  text: string;
  startMs: number;
  endMs: number;
  /** Posterior probability of the word, 0 to 1. */
  confidence: number;
}

export interface SttSegment {
  text: string;
  startMs: number;
  endMs: number;
  confidence: number;
  words?: SttWord[];
  /** Speaker label when the engine itself diarizes (some upstream servers do). */
  speaker?: string;
}

export interface SttResult {
  text: string;
  /** Mean of the segment confidences, 0 to 1 (0 when nothing was recognized). */
  confidence: number;
  /** Language code of the transcript (ISO 639-1, e.g. `en`). */
  language: string;
  segments: SttSegment[];
  /**
   * Present when the caller gave language hints: false means none of the hinted languages could
   * be used and the engine transcribed in `language` anyway.
   */
  hintHonoured?: boolean;
  /** Context-keyword words the engine added to its vocabulary for this call (local engine only). */
  keywordsAdded?: string[];
}

export interface SttOptions {
  /** Up to 3 language codes the speech is expected in; empty means detect. */
  languageHints?: readonly string[];
  /** Words and names to favour; what an engine can do with them is in its status detail. */
  contextKeywords?: readonly string[];
  signal?: AbortSignal;
}

/** One live recognition session: audio in, interim hypotheses while it runs, a final per utterance. */
export interface SttStream {
  /** Appends 16 kHz mono PCM to the current utterance (starting one if none is open). */
  write(pcm: Int16Array): Promise<void>;
  /** Best hypothesis so far for the open utterance, all of its text; '' when nothing is open or heard. */
  partial(): Promise<string>;
  /** Ends the open utterance and returns its final result (empty text when it held no speech). */
  finalize(): Promise<SttResult>;
  /** Releases the recognizer; an open utterance is dropped. */
  close(): Promise<void>;
}

export interface SttEngine extends Engine {
  /** Languages the engine can transcribe, or 'any' when it takes every code it is given. */
  readonly languages: readonly string[] | 'any';
  /** Whether streams give interim hypotheses (an upstream batch API gives finals only). */
  readonly streaming: boolean;
  /**
   * True when the engine should get a whole file and segments it itself (an upstream API: one
   * request, its own segmentation); false when it wants one call per VAD segment (pocketsphinx).
   */
  readonly wholeFile: boolean;
  transcribe(pcm16k: Int16Array, options?: SttOptions): Promise<SttResult>;
  /** Several clips (a file's speech segments) under one set of options; results in the same order. */
  transcribeMany(clips: readonly Int16Array[], options?: SttOptions): Promise<SttResult[]>;
  openStream(options?: SttOptions): Promise<SttStream>;
}

/** Joins segment texts and averages their confidences into a result. */
export function resultOf(
  segments: SttSegment[],
  language: string,
  hints: readonly string[] | undefined,
): SttResult {
  const spoken = segments.filter((s) => s.text.length > 0);
  const confidence = spoken.length ? spoken.reduce((sum, s) => sum + s.confidence, 0) / spoken.length : 0;
  return {
    text: spoken.map((s) => s.text).join(' '),
    confidence,
    language,
    segments: spoken,
    ...(hints?.length ? { hintHonoured: hints.some((h) => primaryLanguage(h) === language) } : {}),
  };
}

/** `en-US` → `en`; codes are compared on their primary subtag. */
export function primaryLanguage(tag: string): string {
  return tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}
