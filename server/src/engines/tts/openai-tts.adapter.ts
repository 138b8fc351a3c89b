import { DEFAULT_TTS_VOICE } from '@parley/schemas/constants';
import { AudioDecodeError, type AudioEngine } from '../audio/audio.engine.js';
import { EngineFailedError, type EngineStatus } from '../engine.js';
import type { OpenAiCompatibleClient } from '../llm/openai-compatible.client.js';
import { bodyExcerpt } from '../upstream-error-text.js';
import { type TtsEngine, TtsInputError, type TtsRequest, type TtsResult } from './tts.engine.js';

// Upstream text-to-speech through an OpenAI-compatible POST /v1/audio/speech with
// response_format=opus, which answers an OGG/Opus file. The spec promises one channel, so the
// answer's OpusHead is read: a multi-channel file is downmixed through the audio engine. Servers
// that ignore response_format (LocalAI answers WAV) get their audio re-encoded the same way;
// an answer the audio engine cannot read is an upstream failure, never a file we would serve.

export const OPENAI_TTS_ADAPTER = 'openai-compatible';
export const DEFAULT_OPENAI_TTS_MODEL = 'tts-1';

export interface OpenAiTtsOptions {
  client: OpenAiCompatibleClient;
  audio: AudioEngine;
  model?: string;
  /** Server-side default voice; DEFAULT_TTS_VOICE (`nova`) unless configured. */
  voice?: string;
}

export class OpenAiTtsEngine implements TtsEngine {
  private readonly client: OpenAiCompatibleClient;
  private readonly audio: AudioEngine;
  private readonly model: string;
  private readonly voice: string;

  constructor(options: OpenAiTtsOptions) {
    this.client = options.client;
    this.audio = options.audio;
    this.model = options.model ?? DEFAULT_OPENAI_TTS_MODEL;
    this.voice = options.voice ?? DEFAULT_TTS_VOICE;
  }

  status(): EngineStatus {
    return {
      engine: 'tts',
      adapter: OPENAI_TTS_ADAPTER,
      available: true,
      detail: `${this.client.baseUrl} model ${this.model}, voice ${this.voice}`,
    };
  }

  async synthesize(request: TtsRequest): Promise<TtsResult> {
    if (request.text.trim() === '') throw new TtsInputError('Text has nothing to speak');
    const voice = request.voice ?? this.voice;
    const audio = await this.client.speech({
      model: this.model,
      input: request.text,
      voice,
      response_format: 'opus',
    });
    const mono = opusChannelCount(audio) === 1 ? audio : await this.reencode(audio);
    return { audio: mono, contentType: 'audio/ogg', language: request.language, voice };
  }

  /** Any other answer → mono OGG/Opus at 48 kHz, or EngineFailedError when it is not audio. */
  private async reencode(audio: Buffer): Promise<Buffer> {
    let pcm: Int16Array;
    try {
      pcm = await this.audio.decode(audio, { sampleRate: 48_000 });
    } catch (error) {
      if (!(error instanceof AudioDecodeError)) throw error;
      throw new EngineFailedError(
        'tts',
        `upstream /audio/speech did not return audio (${audio.length} bytes: ${bodyExcerpt(audio.subarray(0, 120))})`,
        { cause: error },
      );
    }
    return this.audio.encodeOggOpus(pcm, 48_000);
  }
}

/**
 * Channel count from the OpusHead packet at the start of an OGG/Opus file (RFC 7845 §5.1: the
 * first page carries "OpusHead", version, then the channel count), or undefined when it is not one.
 */
export function opusChannelCount(file: Uint8Array): number | undefined {
  if (Buffer.from(file.subarray(0, 4)).toString('latin1') !== 'OggS') return undefined;
  const at = Buffer.from(file.subarray(0, 512)).indexOf('OpusHead', 0, 'latin1');
  if (at < 0 || file.length < at + 10) return undefined;
  return file[at + 9];
}
