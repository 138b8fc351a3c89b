import type { Engine } from '../engine.js';

// Text-to-speech: text in, a single-channel OGG/Opus file out (what POST /v1/tts stores and signs).

export interface TtsRequest {
  text: string;
  /** Language code (ISO 639-1, region ignored); detected from the text when omitted. */
  language?: string;
  /** Voice name for adapters that have named voices (the upstream's `nova`); local espeak-ng picks by language. */
  voice?: string;
}

export interface TtsResult {
  /** OGG/Opus, one channel. */
  audio: Buffer;
  contentType: 'audio/ogg';
  /** Language spoken: the request's, or the detected one; undefined when the upstream chose. */
  language: string | undefined;
  /** Voice that spoke, e.g. `nova` or espeak-ng's `cmn`. */
  voice: string;
}

export interface TtsEngine extends Engine {
  synthesize(request: TtsRequest): Promise<TtsResult>;
}

/**
 * The request cannot be spoken as asked (a language with no voice, text with nothing to say): the
 * caller's mistake, so the HTTP layer maps it to 400 rather than to an engine failure.
 */
export class TtsInputError extends Error {
  override readonly name = 'TtsInputError';
  readonly code = 'BAD_REQUEST';
}
