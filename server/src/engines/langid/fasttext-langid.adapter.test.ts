import { beforeAll, describe, expect, it } from 'vitest';
import { languageFromFastTextLabel } from './fasttext-labels.js';
import { createFastTextLangId } from './fasttext-langid.adapter.js';
import { UNDETERMINED_LANGUAGE } from './langid.engine.js';
import { langidSentences } from './langid-sentences.js';

describe('fastText lid.176 language identification', () => {
  const langid = createFastTextLangId();
  beforeAll(() => langid.load());

  it('names at least 90% of a multilingual sentence set correctly', async () => {
    const set = langidSentences();
    const wrong: string[] = [];
    for (const s of set) {
      const got = await langid.detect(s.text);
      if (got.language !== s.language) wrong.push(`${s.language} → ${got.language}: ${s.text}`);
    }
    const accuracy = (set.length - wrong.length) / set.length;
    expect(accuracy, wrong.join('\n')).toBeGreaterThanOrEqual(0.9);
  });

  it('returns a confidence and distinct alternatives, most likely first', async () => {
    const got = await langid.detect('Bonjour à tous, la réunion commence dans cinq minutes.');
    expect(got.language).toBe('fr');
    expect(got.confidence).toBeGreaterThan(0.5);
    expect(got.alternatives.length).toBeLessThanOrEqual(3);
    expect(got.alternatives.map((a) => a.language)).not.toContain('fr');
    const confidences = [got.confidence, ...got.alternatives.map((a) => a.confidence)];
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
  });

  it('says undetermined for text without letters instead of guessing', async () => {
    for (const text of ['', '   ', '12345 !!!', '🙂🙂']) {
      expect(await langid.detect(text)).toEqual({
        language: UNDETERMINED_LANGUAGE,
        confidence: 0,
        alternatives: [],
      });
    }
  });

  it('restricts the answer to candidate languages when asked', async () => {
    const text = 'Das Treffen beginnt morgen früh um neun Uhr.';
    expect((await langid.detect(text)).language).toBe('de');
    const restricted = await langid.detect(text, { candidates: ['nl', 'en'] });
    expect(['nl', 'en']).toContain(restricted.language);
    expect(restricted.alternatives.every((a) => a.language === 'nl' || a.language === 'en')).toBe(true);
  });

  it('reads multi-line text as one text', async () => {
    const got = await langid.detect('Hola a todos.\n\nLa reunión empieza ahora.\n- punto uno\n- punto dos');
    expect(got.language).toBe('es');
  });

  it('reports the measured load time in its status', () => {
    expect(langid.loadMs()).toBeGreaterThan(0);
    expect(langid.status()).toMatchObject({ engine: 'langid', available: true });
    expect(langid.status().detail).toMatch(/loaded in \d+ ms/);
  });
});

describe('lid.176 label mapping', () => {
  it('keeps ISO 639-1 labels and folds regional varieties into their language', () => {
    expect(languageFromFastTextLabel('__label__en')).toBe('en');
    expect(languageFromFastTextLabel('__label__arz')).toBe('ar');
    expect(languageFromFastTextLabel('__label__yue')).toBe('zh');
    expect(languageFromFastTextLabel('__label__ceb')).toBe('ceb');
  });
});

describe('a model that cannot load', () => {
  it('reports unavailable and throws EngineUnavailableError', async () => {
    const broken = createFastTextLangId(() => Promise.reject(new Error('lid.176.ftz missing')));
    await expect(broken.detect('hello there')).rejects.toMatchObject({
      name: 'EngineUnavailableError',
      engine: 'langid',
    });
    expect(broken.status()).toMatchObject({ available: false, detail: 'lid.176.ftz missing' });
  });
});
