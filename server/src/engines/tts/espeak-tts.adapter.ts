import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { TTS_LANGUAGES } from '@parley/schemas/constants';
import type { AudioEngine } from '../audio/audio.engine.js';
import { concatPcm } from '../audio/pcm.js';
import { EngineFailedError, type EngineStatus, EngineUnavailableError } from '../engine.js';
import type { LangIdEngine } from '../langid/langid.engine.js';
import { UNDETERMINED_LANGUAGE } from '../langid/langid.engine.js';
import { espeakVoiceFor, type TtsLanguage, toTtsLanguage } from './espeak-voices.js';
import { ESPEAK_SAMPLE_RATE, type EspeakWorker, loadEspeak } from './espeak-wasm.loader.js';
import { hasKanji, type KanaReader, kakasiReader } from './kana-reading.js';
import { type TtsEngine, TtsInputError, type TtsRequest, type TtsResult } from './tts.engine.js';

// Local text-to-speech with espeak-ng compiled to WASM: every TTS language, no network, ~20× faster
// than real time. Synthesis is synchronous, so long text is spoken sentence by sentence with a turn
// of the event loop in between: a 10,000-character text must not freeze live STT sessions.

export const ESPEAK_ADAPTER = 'espeak-ng-wasm';

/** Text with no letters (digits, symbols) has no language to detect; espeak-ng reads it in English. */
const NO_LETTERS_LANGUAGE: TtsLanguage = 'en';
/** Longest piece synthesized without yielding; a sentence longer than this is cut at a space. */
const SEGMENT_CHARS = 400;

export interface EspeakTtsOptions {
  audio: AudioEngine;
  langid: LangIdEngine;
  load?: () => Promise<EspeakWorker>;
  /** Kanji → kana for the Japanese voice; default Debian's kakasi, probed on first Japanese text. */
  kana?: () => KanaReader;
}

export interface SpokenPcm {
  pcm: Int16Array;
  sampleRate: number;
  language: TtsLanguage;
  voice: string;
  /** The language the text was in when a related language's voice spoke it (gl, tl). */
  fallbackFrom?: string;
}

export class EspeakTtsEngine implements TtsEngine {
  private readonly audio: AudioEngine;
  private readonly langid: LangIdEngine;
  private readonly load: () => Promise<EspeakWorker>;
  private readonly makeKana: () => KanaReader;
  private kana: KanaReader | undefined;
  private worker: EspeakWorker | undefined;
  private currentVoice: string | undefined;
  private failure: string | undefined;

  constructor(options: EspeakTtsOptions) {
    this.audio = options.audio;
    this.langid = options.langid;
    this.load = options.load ?? loadEspeak;
    this.makeKana = options.kana ?? (() => kakasiReader());
  }

  status(): EngineStatus {
    const base = { engine: 'tts' as const, adapter: ESPEAK_ADAPTER };
    if (this.failure) return { ...base, available: false, detail: this.failure };
    const encoder = this.audio.status();
    if (!encoder.available)
      return { ...base, available: false, detail: `no OGG/Opus encoder: ${encoder.detail}` };
    return {
      ...base,
      available: true,
      detail: `${TTS_LANGUAGES.length} languages (gl via pt, tl via id voices)`,
    };
  }

  async synthesize(request: TtsRequest): Promise<TtsResult> {
    const spoken = await this.synthesizePcm(request.text, request.language);
    const audio = await this.audio.encodeOggOpus(spoken.pcm, spoken.sampleRate);
    return { audio, contentType: 'audio/ogg', language: spoken.language, voice: spoken.voice };
  }

  /** 16-bit mono PCM at 22,050 Hz, before encoding (benchmarks and tests use it directly). */
  async synthesizePcm(text: string, language?: string): Promise<SpokenPcm> {
    let segments = splitForSpeech(text);
    if (segments.length === 0) throw new TtsInputError('Text has nothing to speak');
    const ttsLanguage = language === undefined ? await this.detect(text) : toTtsLanguage(language);
    if (!ttsLanguage) throw new TtsInputError(`Text-to-speech does not speak language "${language}"`);
    if (ttsLanguage === 'ja' && hasKanji(text)) segments = splitForSpeech(await this.kanaReading(text));
    const choice = espeakVoiceFor(ttsLanguage);
    const worker = await this.ensureWorker();
    const parts: Int16Array[] = [];
    for (const [i, segment] of segments.entries()) {
      if (i > 0) await yieldToEventLoop();
      // Selected again per segment: another request may have switched the shared worker meanwhile.
      this.selectVoice(worker, choice.voice);
      worker.synthesize(escapeSsml(segment), (samples) => {
        if (samples.length > 0) parts.push(samples);
        return false;
      });
    }
    const pcm = concatPcm(parts);
    if (pcm.length === 0)
      throw new EngineFailedError('tts', `espeak-ng produced no audio for voice ${choice.voice}`);
    return {
      pcm,
      sampleRate: ESPEAK_SAMPLE_RATE,
      language: ttsLanguage,
      voice: choice.voice,
      ...pickFallback(choice),
    };
  }

  /** The language to speak `text` in, as fastText detects it among the languages there are voices for. */
  async detect(text: string): Promise<TtsLanguage> {
    const found = await this.langid.detect(text, { candidates: TTS_LANGUAGES });
    if (found.language === UNDETERMINED_LANGUAGE) return NO_LETTERS_LANGUAGE;
    return toTtsLanguage(found.language) ?? NO_LETTERS_LANGUAGE;
  }

  /** espeak-ng would say "Chinese letter" for every kanji: without a reading, Japanese is refused, not mumbled. */
  private async kanaReading(text: string): Promise<string> {
    this.kana ??= this.makeKana();
    if (!this.kana.available)
      throw new EngineUnavailableError(
        'tts',
        `Japanese text with kanji needs a kana reading: ${this.kana.detail}`,
      );
    return this.kana.read(text);
  }

  private async ensureWorker(): Promise<EspeakWorker> {
    if (this.worker) return this.worker;
    try {
      this.worker = await this.load();
      this.failure = undefined;
      return this.worker;
    } catch (error) {
      this.failure = `espeak-ng did not load: ${error instanceof Error ? error.message : String(error)}`;
      throw new EngineUnavailableError('tts', this.failure);
    }
  }

  private selectVoice(worker: EspeakWorker, voice: string): void {
    if (this.currentVoice === voice) return;
    // espeak-ng keeps the previous voice when this fails, which would speak the text in the wrong
    // language without any error; the status code is the only sign.
    const status = worker.set_voice(voice);
    if (status !== 0) {
      this.currentVoice = undefined;
      throw new EngineFailedError('tts', `espeak-ng cannot select voice ${voice} (status ${status})`);
    }
    this.currentVoice = voice;
  }
}

function pickFallback(choice: { fallbackFrom?: string }): { fallbackFrom?: string } {
  return choice.fallbackFrom ? { fallbackFrom: choice.fallbackFrom } : {};
}

/** espeak-ng always parses SSML: user text must not be able to inject tags such as a 1-hour <break>. */
export function escapeSsml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Sentences (after . ! ? and their CJK forms, or at line breaks), long ones cut at spaces; blank ones dropped. */
export function splitForSpeech(text: string): string[] {
  const sentences = text
    .replace(/\p{Cc}/gu, (c) => (c === '\n' || c === '\r' || c === '\t' ? c : ' '))
    .split(/(?<=[.!?。！？])\s+|(?<=[。！？])|\n+/u);
  const out: string[] = [];
  for (const sentence of sentences) {
    let rest = sentence.trim();
    while (rest.length > SEGMENT_CHARS) {
      const cut = rest.lastIndexOf(' ', SEGMENT_CHARS);
      const at = cut > 0 ? cut : SEGMENT_CHARS;
      out.push(rest.slice(0, at));
      rest = rest.slice(at).trim();
    }
    if (/[\p{L}\p{N}]/u.test(rest)) out.push(rest);
  }
  return out;
}
