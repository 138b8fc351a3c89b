import { describe, expect, it } from 'vitest';
import { hasKanji, kakasiReader } from './kana-reading.js';

describe('kana reading with kakasi', () => {
  const kakasi = kakasiReader();

  it('turns kanji into hiragana and keeps kana, Latin letters and punctuation', async () => {
    expect(kakasi.available).toBe(true);
    expect(await kakasi.read('会議は明日の午後三時に始まります。')).toBe(
      'かいぎはあしたのごごさんじにはじまります。',
    );
    expect(await kakasi.read('Parleyのメールを確認')).toBe('Parleyのメールをかくにん');
  });

  it('keeps a kanji + っ word whole ("送って", "言った"), which kakasi alone drops', async () => {
    expect(await kakasi.read('資料を送ってください。')).toBe('しりょうをおくってください。');
    expect(await kakasi.read('彼が言った')).toBe('かれがいった');
  });

  it('says what to install when kakasi is missing', () => {
    const missing = kakasiReader('/nonexistent/kakasi');
    expect(missing.available).toBe(false);
    expect(missing.detail).toContain('kakasi');
  });

  it('finds kanji, not kana', () => {
    expect(hasKanji('こんにちは、カタカナ')).toBe(false);
    expect(hasKanji('日々')).toBe(true);
  });
});
