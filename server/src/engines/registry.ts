import type { OutboundClient } from '../net/outbound-client.js';
import { operatorClient } from '../net/outbound-clients.js';
import type { AudioEngine } from './audio/audio.engine.js';
import { FfmpegAudioEngine } from './audio/ffmpeg-audio.adapter.js';
import type { DenoiseEngine } from './denoise/denoise.engine.js';
import { RnnoiseDenoiseEngine } from './denoise/rnnoise-denoise.adapter.js';
import { ClassicalDiarizationEngine } from './diarization/classical-diarization.adapter.js';
import type { DiarizationEngine } from './diarization/diarization.engine.js';
import type { EngineStatus } from './engine.js';
import { createFastTextLangId } from './langid/fasttext-langid.adapter.js';
import type { LangIdEngine } from './langid/langid.engine.js';
import { createExtractiveMeetingAi } from './llm/extractive-llm.adapter.js';
import type { MeetingAiEngine } from './llm/llm.engine.js';
import { createOpenAiCompatibleClient } from './llm/openai-compatible.client.js';
import { createOpenAiMeetingAi } from './llm/openai-llm.adapter.js';
import { DEFAULT_LIVE_STT_LIMITS } from './stt/live-stt.limits.js';
import { OpenAiSttEngine } from './stt/openai-stt.adapter.js';
import { PocketsphinxSttEngine } from './stt/pocketsphinx.adapter.js';
import type { SttEngine } from './stt/stt.engine.js';
import { apertiumInstallHint, createApertiumRunTranslator } from './translate/apertium.backend.js';
import { createLibreTranslateRunTranslator } from './translate/libretranslate.backend.js';
import { createOpenAiRunTranslator } from './translate/openai-translate.backend.js';
import type { TranslateEngine } from './translate/translate.engine.js';
import { createTranslator, createUnavailableTranslator } from './translate/translator.js';
import { EspeakTtsEngine } from './tts/espeak-tts.adapter.js';
import { FliteEnglishTtsEngine } from './tts/flite-tts.adapter.js';
import { OpenAiTtsEngine } from './tts/openai-tts.adapter.js';
import type { TtsEngine } from './tts/tts.engine.js';
import { FvadEngine } from './vad/fvad.adapter.js';
import type { VadEngine } from './vad/vad.engine.js';

// Every engine, built once from configuration: the upstream adapter where one is configured, the
// local adapter otherwise (for translation Apertium when its pairs are installed, else an engine that
// says it is unavailable). `statuses()` feeds GET /health.

/** One upstream service (PARLEY_<ENGINE>_URL / _API_KEY / _MODEL / _VOICE / _KIND). */
export interface UpstreamEngineConfig {
  /** Server URL, with or without `/v1` for OpenAI-compatible APIs; the server root for LibreTranslate. */
  url: string;
  apiKey?: string;
  model?: string;
  /** TTS only; DEFAULT_TTS_VOICE (`nova`) when absent. */
  voice?: string;
  /** Translate only: which API the URL speaks; `openai` when absent. */
  kind?: 'openai' | 'libretranslate';
}

/** The engine part of the server configuration (structurally a subset of config.ts's Config). */
export interface EnginesConfig {
  ffmpegPath?: string;
  upstream?: {
    stt?: UpstreamEngineConfig;
    tts?: UpstreamEngineConfig;
    translate?: UpstreamEngineConfig;
    llm?: UpstreamEngineConfig;
  };
  /** Limit for denoise requests that send atten_limit_db 0 (PARLEY_DENOISE_DEFAULT_ATTEN_DB), 0–100. */
  denoiseDefaultAttenDb?: number;
  /** Deadline of one upstream call (PARLEY_UPSTREAM_TIMEOUT_MS); 120 s when absent. */
  upstreamTimeoutMs?: number;
  /** Where Apertium's modes are read from; Debian's /usr/share/apertium when absent. */
  apertiumDataDir?: string;
}

export interface EngineDeps {
  /**
   * Client for upstream engine calls: main.ts passes its `operatorUrls` (net/outbound-clients.ts);
   * tests that build engines alone get the same policy. Upstream URLs come from the operator (a
   * LibreTranslate on the same network is normal), unlike the audio URLs clients send.
   */
  upstreamClient?: OutboundClient;
}

export interface Engines {
  audio: AudioEngine;
  /** File speech-to-text: the upstream when configured, else local pocketsphinx. */
  stt: SttEngine;
  /** Local pocketsphinx, built even when an upstream serves `stt`: the engine with interim results for live streams. */
  localStt: SttEngine;
  vad: VadEngine;
  diarization: DiarizationEngine;
  langid: LangIdEngine;
  tts: TtsEngine;
  denoise: DenoiseEngine;
  translate: TranslateEngine;
  llm: MeetingAiEngine;
  /** Every engine's state for /health; several adapters of one kind are all listed. */
  statuses(): EngineStatus[];
  /** Loads the lazily loaded WASM models now (fastText, espeak-ng, RNNoise) so first requests are fast. */
  warmUp(): Promise<void>;
}

const DEFAULT_UPSTREAM_TIMEOUT_MS = 120_000;

export async function buildEngines(config: EnginesConfig = {}, deps: EngineDeps = {}): Promise<Engines> {
  const upstream = config.upstream ?? {};
  const timeoutMs = config.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const outbound = deps.upstreamClient ?? operatorClient();
  const openAi = (u: UpstreamEngineConfig) =>
    createOpenAiCompatibleClient({
      baseUrl: u.url,
      outbound,
      timeoutMs,
      ...(u.apiKey ? { apiKey: u.apiKey } : {}),
    });

  const audio = new FfmpegAudioEngine(config.ffmpegPath ? { ffmpegPath: config.ffmpegPath } : {});
  const langid = createFastTextLangId();
  const [localStt, vad] = await Promise.all([
    // One live decoder per live session the server admits: with fewer, concurrent speakers wait
    // seconds for their first interim (bench:speech --decoders 2, 6 sessions: ~4 s).
    PocketsphinxSttEngine.create({ warm: false, maxLiveDecoders: DEFAULT_LIVE_STT_LIMITS.maxSessions }),
    FvadEngine.create(),
  ]);
  const stt = upstream.stt
    ? new OpenAiSttEngine({
        baseUrl: upstream.stt.url.replace(/\/+$/, '').replace(/\/v1$/, ''),
        client: outbound,
        timeoutMs,
        ...(upstream.stt.apiKey ? { apiKey: upstream.stt.apiKey } : {}),
        ...(upstream.stt.model ? { model: upstream.stt.model } : {}),
      })
    : localStt;
  const tts: TtsEngine = upstream.tts
    ? new OpenAiTtsEngine({
        client: openAi(upstream.tts),
        audio,
        ...(upstream.tts.model ? { model: upstream.tts.model } : {}),
        ...(upstream.tts.voice ? { voice: upstream.tts.voice } : {}),
      })
    : new FliteEnglishTtsEngine({ audio, espeak: new EspeakTtsEngine({ audio, langid }) });
  const denoise = new RnnoiseDenoiseEngine(
    config.denoiseDefaultAttenDb === undefined ? {} : { defaultAttenDb: config.denoiseDefaultAttenDb },
  );
  const translate = buildTranslator(upstream, langid, outbound, timeoutMs, openAi, config.apertiumDataDir);
  const llm = upstream.llm
    ? createOpenAiMeetingAi({
        client: openAi(upstream.llm),
        ...(upstream.llm.model ? { model: upstream.llm.model } : {}),
      })
    : createExtractiveMeetingAi({ translator: translate });
  const diarization = new ClassicalDiarizationEngine();

  const engines = { audio, stt, localStt, vad, diarization, langid, tts, denoise, translate, llm };
  // localStt is stt itself unless an upstream recognizer is configured: one status per engine.
  const all = [...new Set(Object.values(engines))];
  return {
    ...engines,
    statuses: () => all.map((engine) => engine.status()),
    async warmUp() {
      await Promise.allSettled([
        langid.load(),
        // A non-English sentence: flite needs no warming, espeak-ng loads its runtime and data.
        tts instanceof FliteEnglishTtsEngine
          ? tts.synthesize({ text: 'Ready.', language: 'de' })
          : Promise.resolve(),
        denoise.denoise(new Int16Array(480), 48_000),
      ]);
    },
  };
}

/**
 * PARLEY_TRANSLATE_URL picks the upstream (KIND libretranslate or openai); without it, a configured
 * LLM upstream translates too (one OpenAI-compatible key serves both); without either, the local
 * Apertium pairs; without those, translation is unavailable and names the packages to install.
 */
function buildTranslator(
  upstream: NonNullable<EnginesConfig['upstream']>,
  langid: LangIdEngine,
  outbound: OutboundClient,
  timeoutMs: number,
  openAi: (u: UpstreamEngineConfig) => ReturnType<typeof createOpenAiCompatibleClient>,
  apertiumDataDir: string | undefined,
): TranslateEngine {
  const own = upstream.translate;
  if (own?.kind === 'libretranslate') {
    return createTranslator(
      createLibreTranslateRunTranslator({
        url: own.url,
        outbound,
        timeoutMs,
        ...(own.apiKey ? { apiKey: own.apiKey } : {}),
      }),
      langid,
    );
  }
  const chat = own ?? upstream.llm;
  if (chat) {
    return createTranslator(
      createOpenAiRunTranslator({ client: openAi(chat), ...(chat.model ? { model: chat.model } : {}) }),
      langid,
    );
  }
  const apertium = createApertiumRunTranslator(apertiumDataDir ? { dataDir: apertiumDataDir } : {});
  if (apertium) return createTranslator(apertium, langid);
  return createUnavailableTranslator(
    `no Apertium pair installed (${apertiumInstallHint()}) and no upstream configured (PARLEY_TRANSLATE_URL)`,
  );
}
