// Language codes and their English names: how translate-text's "codes or names" targets become codes
// ("French" → fr, "pt-BR" → pt), and how codes become names for prompts. Covers every STT and TTS
// language of the spec plus other common ISO 639-1 languages. Codes resolve to the primary subtag:
// region and script subtags are dropped, since no adapter here translates into regional variants.

/** ISO 639-1 code → English name first, then other English names people use for it. */
export const LANGUAGE_NAMES: Readonly<Record<string, readonly string[]>> = {
  af: ['Afrikaans'],
  am: ['Amharic'],
  ar: ['Arabic'],
  az: ['Azerbaijani', 'Azeri'],
  be: ['Belarusian', 'Byelorussian'],
  bg: ['Bulgarian'],
  bn: ['Bengali', 'Bangla'],
  bs: ['Bosnian'],
  ca: ['Catalan', 'Valencian'],
  cs: ['Czech'],
  cy: ['Welsh'],
  da: ['Danish'],
  de: ['German'],
  el: ['Greek', 'Modern Greek'],
  en: ['English'],
  eo: ['Esperanto'],
  es: ['Spanish', 'Castilian'],
  et: ['Estonian'],
  eu: ['Basque'],
  fa: ['Persian', 'Farsi'],
  fi: ['Finnish'],
  fr: ['French'],
  ga: ['Irish', 'Irish Gaelic'],
  gd: ['Scottish Gaelic', 'Gaelic'],
  gl: ['Galician'],
  gu: ['Gujarati'],
  ha: ['Hausa'],
  he: ['Hebrew'],
  hi: ['Hindi'],
  hr: ['Croatian'],
  ht: ['Haitian Creole', 'Haitian'],
  hu: ['Hungarian'],
  hy: ['Armenian'],
  id: ['Indonesian', 'Bahasa Indonesia'],
  ig: ['Igbo'],
  is: ['Icelandic'],
  it: ['Italian'],
  ja: ['Japanese'],
  jv: ['Javanese'],
  ka: ['Georgian'],
  kk: ['Kazakh'],
  km: ['Khmer', 'Cambodian'],
  kn: ['Kannada'],
  ko: ['Korean'],
  ku: ['Kurdish'],
  ky: ['Kyrgyz', 'Kirghiz'],
  la: ['Latin'],
  lb: ['Luxembourgish'],
  lo: ['Lao'],
  lt: ['Lithuanian'],
  lv: ['Latvian'],
  mg: ['Malagasy'],
  mi: ['Maori', 'Māori'],
  mk: ['Macedonian'],
  ml: ['Malayalam'],
  mn: ['Mongolian'],
  mr: ['Marathi'],
  ms: ['Malay', 'Bahasa Melayu'],
  mt: ['Maltese'],
  my: ['Burmese', 'Myanmar'],
  ne: ['Nepali'],
  nl: ['Dutch', 'Flemish'],
  no: ['Norwegian', 'Norwegian Bokmål', 'Bokmål', 'Bokmal'],
  pa: ['Punjabi', 'Panjabi'],
  pl: ['Polish'],
  ps: ['Pashto', 'Pushto'],
  pt: ['Portuguese', 'Brazilian Portuguese'],
  ro: ['Romanian', 'Moldavian'],
  ru: ['Russian'],
  si: ['Sinhala', 'Sinhalese'],
  sk: ['Slovak'],
  sl: ['Slovenian', 'Slovene'],
  so: ['Somali'],
  sq: ['Albanian'],
  sr: ['Serbian'],
  su: ['Sundanese'],
  sv: ['Swedish'],
  sw: ['Swahili', 'Kiswahili'],
  ta: ['Tamil'],
  te: ['Telugu'],
  tg: ['Tajik'],
  th: ['Thai'],
  tl: ['Tagalog', 'Filipino'],
  tr: ['Turkish'],
  uk: ['Ukrainian'],
  ur: ['Urdu'],
  uz: ['Uzbek'],
  vi: ['Vietnamese'],
  xh: ['Xhosa'],
  yi: ['Yiddish'],
  yo: ['Yoruba'],
  zh: ['Chinese', 'Mandarin', 'Simplified Chinese', 'Traditional Chinese', 'Mandarin Chinese'],
  zu: ['Zulu'],
};

/** Codes that are not ISO 639-1 but mean one of the languages above. */
const CODE_ALIASES: Readonly<Record<string, string>> = {
  nb: 'no',
  nn: 'no',
  fil: 'tl',
  cmn: 'zh',
  iw: 'he',
  in: 'id',
  ji: 'yi',
  zsm: 'ms',
};

const BY_NAME = new Map<string, string>();
for (const [code, names] of Object.entries(LANGUAGE_NAMES)) {
  for (const name of names) BY_NAME.set(foldName(name), code);
}

function foldName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** "French", "fr", "FR", "fr-CA", "zh_Hant", "Filipino", "fil" → the code; undefined when unknown. */
export function resolveLanguage(input: string): string | undefined {
  const trimmed = input.trim();
  const byName = BY_NAME.get(foldName(trimmed));
  if (byName) return byName;
  const primary = trimmed.toLowerCase().split(/[-_]/)[0] ?? '';
  if (!/^[a-z]{2,3}$/.test(primary)) return undefined;
  const code = CODE_ALIASES[primary] ?? primary;
  return code in LANGUAGE_NAMES ? code : undefined;
}

/** English name of a code (for prompts); the code itself when it has none here. */
export function languageName(code: string): string {
  return LANGUAGE_NAMES[code]?.[0] ?? code;
}
