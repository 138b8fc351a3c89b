import type { Engine } from '../engine.js';

// Audio decode/encode: every engine that takes or produces audio goes through this interface,
// so the formats the service accepts are exactly the formats the adapter can read.

export interface DecodeOptions {
  /** Output rate of the mono s16 PCM; 16 kHz (speech engines) unless told otherwise (48 kHz for RNNoise). */
  sampleRate?: number;
  /** Stop decoding after this many seconds of audio. */
  maxDurationSeconds?: number;
}

export interface EncodeOptions {
  bitrateKbps?: number;
}

export interface AudioEngine extends Engine {
  /** Any format the adapter reads (wav, mp3, ogg/opus, m4a, webm, flac, ...) → mono s16 PCM. */
  decode(input: Uint8Array, options?: DecodeOptions): Promise<Int16Array<ArrayBuffer>>;
  /** The same for a file on disk (a download streamed there): the input never enters memory. */
  decodeFile(path: string, options?: DecodeOptions): Promise<Int16Array<ArrayBuffer>>;
  /** Mono PCM → OGG/Opus file bytes (text-to-speech output). */
  encodeOggOpus(pcm: Int16Array, sampleRate: number, options?: EncodeOptions): Promise<Buffer>;
  /** Mono PCM → AAC in an M4A whose index is at the front (`+faststart`), so players can stream it. */
  encodeM4a(pcm: Int16Array, sampleRate: number, options?: EncodeOptions): Promise<Buffer>;
  /** The same, fed piece by piece: encoding runs while the caller still produces the audio. */
  openM4aEncoder(sampleRate: number, options?: EncodeOptions): Promise<PcmEncoder>;
}

export interface PcmEncoder {
  /** The next piece of mono PCM (kept until written: do not reuse its memory). */
  write(pcm: Int16Array): void;
  /** No more audio: resolves with the encoded file. */
  end(): Promise<Buffer>;
  /** Abandons the encoding and its temporary files. */
  abort(): void;
}

/**
 * The input is not audio the adapter can read (corrupt, truncated, not a media file, no audio
 * stream). `code` is the generic error body's code: the HTTP layer answers 415.
 */
export class AudioDecodeError extends Error {
  override readonly name = 'AudioDecodeError';
  readonly code = 'UNSUPPORTED_MEDIA_TYPE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Decoded audio would exceed the adapter's ceiling (duration or memory): 413. */
export class AudioTooLongError extends Error {
  override readonly name = 'AudioTooLongError';
  readonly code = 'PAYLOAD_TOO_LARGE';
}
