import type { SttRequest, SttResponse } from '@parley/schemas/types';
import { ApiError } from '../../core/api-error.js';
import type { Caller } from '../../core/caller.js';
import type { IdGenerator } from '../../core/ids.js';
import { STT_SAMPLE_RATE } from '../../engines/audio/pcm.js';
import { transcribeFile } from '../../engines/recognition/file-transcription.js';
import { keepContextKeywords, keepLanguageHints } from '../../engines/stt/recognition-hints.js';
import { primaryLanguage, type SttEngine } from '../../engines/stt/stt.engine.js';
import type { OutboundClient } from '../../net/outbound-client.js';
import type { AudioDownloads } from './audio-downloads.js';
import type { OwnAudioReader } from './own-audio.js';
import { downloadPcm } from './speech-audio.js';
import { requireEngine, type SpeechEngines } from './speech-engines.js';

// POST /v1/stt: download the caller's audio_url, decode it to 16 kHz mono, and run the file
// pipeline (VAD segments → recognizer → speakers). Hints and keywords follow the same keep rules as
// the live stream (at most 3 hints, 2000 keyword characters; extras dropped, never refused).

export interface SttServiceDeps {
  engines: SpeechEngines;
  /** SSRF-guarded client for audio_url (private addresses only when the configuration allows). */
  outbound: OutboundClient;
  /** This server's own URLs (fixtures, signed /files/), read from disk. */
  ownAudio?: OwnAudioReader;
  /** Places and size limit of audio_url downloads. */
  downloads: AudioDownloads;
  ids: IdGenerator;
}

/** The spec's File speech-to-text result, plus the session id (generated when the request had none). */
export type SttResult = SttResponse & { session_id: string };

export class SttService {
  constructor(private readonly deps: SttServiceDeps) {}

  /**
   * The engines a request needs, or the 503 it gets when one is missing or cannot do its languages:
   * checked before any download, and before a request with callback_url is accepted.
   */
  prepare(body: SttRequest) {
    const { engines } = this.deps;
    const hints = keepLanguageHints(body.language_hints);
    const languageHints = hints.length > 0 ? hints : keepLanguageHints(body.language_hint);
    const stt = requireEngine(engines.stt, 'stt');
    const audio = requireEngine(engines.audio, 'audio');
    const vad = requireEngine(engines.vad, 'vad');
    const diarization = requireEngine(engines.diarization, 'diarization');
    checkLanguages(stt, languageHints);
    return { stt, audio, vad, diarization, languageHints };
  }

  async transcribe(_caller: Caller, body: SttRequest, signal?: AbortSignal): Promise<SttResult> {
    const diarize = body.enable_diarization ?? true;
    const { stt, audio, vad, diarization, languageHints } = this.prepare(body);

    const pcm = await downloadPcm(
      { outbound: this.deps.outbound, audio, own: this.deps.ownAudio, downloads: this.deps.downloads },
      body.audio_url,
      {
        sampleRate: STT_SAMPLE_RATE,
        signal,
      },
    );
    const result = await transcribeFile(
      pcm,
      { stt, vad, diarization },
      {
        enableDiarization: diarize,
        languageHints,
        contextKeywords: keepContextKeywords(body.context_keywords),
        ...(signal ? { signal } : {}),
      },
    );
    return { session_id: body.session_id ?? this.deps.ids.next('sess'), ...result };
  }
}

/**
 * Hints that name only languages the recognizer cannot do get a clear 503 rather than a transcript
 * in a language nobody asked for (the live stream answers the same case the same way).
 */
function checkLanguages(stt: SttEngine, hints: readonly string[]): void {
  if (stt.languages === 'any' || hints.length === 0) return;
  if (hints.some((hint) => stt.languages.includes(primaryLanguage(hint)))) return;
  throw new ApiError(
    'ENGINE_UNAVAILABLE',
    `No speech-to-text engine supports language ${hints.map((h) => `'${h}'`).join(', ')}; ` +
      `this server transcribes ${stt.languages.join(', ')} locally; other languages need an upstream ` +
      'OpenAI-compatible speech-to-text server (PARLEY_STT_URL)',
  );
}
