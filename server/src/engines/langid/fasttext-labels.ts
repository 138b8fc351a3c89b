// fastText lid.176 labels → the codes the service speaks. lid.176 mostly uses ISO 639-1 already;
// a few labels are regional varieties or dialect groups whose text the rest of the service (TTS
// voices, translation targets) handles as the parent language, so they are folded into it. Labels
// with no ISO 639-1 parent (ceb, war, ilo, ...) are kept as the model's ISO 639-2/3 code.

const FOLDED: Readonly<Record<string, string>> = {
  arz: 'ar', // Egyptian Arabic
  azb: 'az', // South Azerbaijani
  pnb: 'pa', // Western Punjabi (Shahmukhi script)
  yue: 'zh', // Cantonese
  wuu: 'zh', // Wu Chinese
  ckb: 'ku', // Central Kurdish (Sorani)
  als: 'de', // Alemannic German (Swiss German)
  bar: 'de', // Bavarian
  // Serbo-Croatian in Latin script: Croatian, Bosnian and Serbian share it; Croatian is the one whose
  // standard is written only in Latin, so it is the least surprising single answer.
  sh: 'hr',
};

const LABEL_PREFIX = '__label__';

export function languageFromFastTextLabel(label: string): string {
  const code = label.startsWith(LABEL_PREFIX) ? label.slice(LABEL_PREFIX.length) : label;
  return FOLDED[code] ?? code;
}
