import { TTS_LANGUAGES } from '@parley/schemas/constants';

// Which espeak-ng voice speaks each of the spec's 57 TTS languages. espeak-ng has a voice named after
// the language for 53 of them; the other four:
// - zh → `cmn` (espeak-ng names Mandarin by its ISO 639-3 code; `zh` is not a voice there),
// - no → `nb` (Norwegian Bokmål; `no` is not a voice name there),
// - gl → `pt` (no Galician voice; Portuguese is Galician's closest relative: same vowel system,
//   and it reads Galician's frequent x as /ʃ/ where Spanish would say /x/),
// - tl → `id` (no Tagalog/Filipino voice; Indonesian is a related Austronesian language with the same
//   five vowels and reads "ng" as /ŋ/ as Tagalog does).
// Fallback voices make intelligible speech with a foreign accent; they are reported as such.

export type TtsLanguage = (typeof TTS_LANGUAGES)[number];

export interface EspeakVoiceChoice {
  voice: string;
  /** Set when the language is spoken by another language's voice. */
  fallbackFrom?: string;
}

const RENAMED: Readonly<Partial<Record<TtsLanguage, string>>> = { zh: 'cmn', no: 'nb' };
const FALLBACK: Readonly<Partial<Record<TtsLanguage, string>>> = { gl: 'pt', tl: 'id' };

/** Codes people send for a TTS language under another name. */
const ALIASES: Readonly<Record<string, TtsLanguage>> = { nb: 'no', nn: 'no', fil: 'tl', iw: 'he', in: 'id' };

const TTS_SET: ReadonlySet<string> = new Set(TTS_LANGUAGES);

/** `pt-BR`, `EN_us`, `zh-Hans` → the service's TTS code, or undefined when it is not one. */
export function toTtsLanguage(code: string): TtsLanguage | undefined {
  const primary = code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const resolved = ALIASES[primary] ?? primary;
  return TTS_SET.has(resolved) ? (resolved as TtsLanguage) : undefined;
}

export function espeakVoiceFor(language: TtsLanguage): EspeakVoiceChoice {
  const fallback = FALLBACK[language];
  if (fallback) return { voice: fallback, fallbackFrom: language };
  return { voice: RENAMED[language] ?? language };
}
