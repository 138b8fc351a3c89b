import { STT_LANGUAGES, TTS_LANGUAGES } from '@parley/schemas/constants';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_NAMES, languageName, resolveLanguage } from './language-names.js';

describe('language codes and names', () => {
  it('knows every STT and TTS language of the spec, by code and by English name', () => {
    for (const code of new Set<string>([...STT_LANGUAGES, ...TTS_LANGUAGES])) {
      expect(resolveLanguage(code), code).toBe(code);
      expect(resolveLanguage(languageName(code)), code).toBe(code);
    }
  });

  it('reads names in any case and spacing, alternative names, and tags with regions', () => {
    expect(resolveLanguage('french')).toBe('fr');
    expect(resolveLanguage('  BRAZILIAN   portuguese ')).toBe('pt');
    expect(resolveLanguage('Farsi')).toBe('fa');
    expect(resolveLanguage('Filipino')).toBe('tl');
    expect(resolveLanguage('Maori')).toBe('mi');
    expect(resolveLanguage('Māori')).toBe('mi');
    expect(resolveLanguage('pt-BR')).toBe('pt');
    expect(resolveLanguage('zh_Hant')).toBe('zh');
    expect(resolveLanguage('EN')).toBe('en');
    expect(resolveLanguage('nb')).toBe('no');
  });

  it('refuses what is not a language it knows', () => {
    for (const input of ['Klingon', 'xx', 'auto', '', 'english!', 'e'])
      expect(resolveLanguage(input), input).toBeUndefined();
  });

  it('has one code per name', () => {
    const seen = new Map<string, string>();
    for (const [code, names] of Object.entries(LANGUAGE_NAMES)) {
      for (const name of names) {
        expect(seen.get(name.toLowerCase()), name).toBeUndefined();
        seen.set(name.toLowerCase(), code);
      }
    }
  });
});
