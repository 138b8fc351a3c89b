import type { Engine } from '../engine.js';

// Text language identification: which language a piece of text is written in. Used by TTS (the
// spec's "language detected automatically"), translation (source "auto") and meeting AI.

/** ISO 639-2 "undetermined": returned for text with nothing to judge (empty, digits, symbols). */
export const UNDETERMINED_LANGUAGE = 'und';

export interface LanguageGuess {
  /** ISO 639-1 code when the language has one, otherwise the model's ISO 639-2/3 code. */
  language: string;
  /** Probability from the model, 0 to 1. */
  confidence: number;
}

export interface LangIdResult extends LanguageGuess {
  /** The next most likely languages, most likely first (the top guess is not repeated). */
  alternatives: LanguageGuess[];
}

export interface DetectOptions {
  /**
   * Only these codes may be returned: the best-ranked candidate wins even when an unsupported
   * language ranks higher (TTS asks for the languages it has voices for). Confidence stays the
   * model's raw probability, so a low value still says the text did not look like any candidate.
   */
  candidates?: readonly string[];
  /** How many alternatives to return (default 3). */
  alternatives?: number;
}

export interface LangIdEngine extends Engine {
  detect(text: string, options?: DetectOptions): Promise<LangIdResult>;
  /** Loads the model now instead of on the first call (start-up warm-up, benchmarks). */
  load(): Promise<void>;
}
