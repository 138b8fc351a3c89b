import { beforeAll, describe, expect, it } from 'vitest';
import { createFastTextLangId } from '../langid/fasttext-langid.adapter.js';
import type { RunTranslator } from './translate.engine.js';
import { batches, createTranslator, createUnavailableTranslator } from './translator.js';

const langid = createFastTextLangId();
beforeAll(() => langid.load());

/** A stand-in upstream that marks each run with its target, and records every call. */
function recordingBackend(overrides: Partial<RunTranslator> = {}) {
  const calls: { texts: readonly string[]; source: string; target: string }[] = [];
  const backend: RunTranslator = {
    adapter: 'test',
    detail: 'in-memory',
    maxBatchChars: 1_000,
    maxBatchItems: 3,
    async translateRuns(texts, source, target) {
      calls.push({ texts, source, target });
      return texts.map((t) => `${target}:${t.toUpperCase()}`);
    },
    ...overrides,
  };
  return { backend, calls };
}

const MEETING_NOTES = [
  '# Weekly sync',
  '',
  'We agreed on the **budget** for next quarter.',
  '- Send the [report](https://example.com/report_v2) by Friday',
  '- Run `npm test` before merging',
  '',
  '```',
  'const budget = 42;',
  '```',
].join('\n');

describe('translator', () => {
  it('translates only the words and keeps structure, code and URLs exactly', async () => {
    const { backend } = recordingBackend();
    const result = await createTranslator(backend, langid).translate({
      text: MEETING_NOTES,
      targets: ['de'],
    });
    expect(result.source_language).toBe('en');
    expect(result.translations).toEqual([
      {
        language: 'de',
        text: [
          '# de:WEEKLY SYNC',
          '',
          'de:WE AGREED ON THE **BUDGET** FOR NEXT QUARTER.',
          '- de:SEND THE [de:REPORT](https://example.com/report_v2) de:BY FRIDAY',
          '- de:RUN `npm test` de:BEFORE MERGING',
          '',
          '```',
          'const budget = 42;',
          '```',
        ].join('\n'),
      },
    ]);
  });

  it('accepts names and codes, answers in request order, and calls the upstream once per language', async () => {
    const { backend, calls } = recordingBackend();
    const result = await createTranslator(backend, langid).translate({
      text: 'Hello team.',
      targets: ['French', 'ja', 'fr'],
      source: 'English',
    });
    expect(result.translations.map((t) => t.language)).toEqual(['fr', 'ja', 'fr']);
    expect(result.translations[0]?.text).toBe('fr:HELLO TEAM.');
    expect(calls.map((c) => c.target).sort()).toEqual(['fr', 'ja']);
    expect(calls.every((c) => c.source === 'en')).toBe(true);
  });

  it('returns the text itself for a target equal to the source', async () => {
    const { backend, calls } = recordingBackend();
    const result = await createTranslator(backend, langid).translate({
      text: 'Das Treffen beginnt morgen früh um neun Uhr.',
      targets: ['de', 'en'],
    });
    expect(result.source_language).toBe('de');
    expect(result.translations[0]?.text).toBe('Das Treffen beginnt morgen früh um neun Uhr.');
    expect(calls).toHaveLength(1);
  });

  it('returns wordless text unchanged without calling the upstream', async () => {
    const { backend, calls } = recordingBackend();
    const result = await createTranslator(backend, langid).translate({
      text: '2024-05-01\n\n42 %',
      targets: ['fr'],
    });
    expect(result).toEqual({
      source_language: 'und',
      translations: [{ language: 'fr', text: '2024-05-01\n\n42 %' }],
    });
    expect(calls).toHaveLength(0);
  });

  it('sends long input in batches within the upstream’s limits', async () => {
    const { backend, calls } = recordingBackend();
    const text = Array.from({ length: 10 }, (_, i) => `Line number ${i} of the notes.`).join('\n');
    const result = await createTranslator(backend, langid).translate({ text, targets: ['es'] });
    expect(calls.length).toBe(4);
    expect(calls.every((c) => c.texts.length <= 3)).toBe(true);
    expect(result.translations[0]?.text.split('\n')).toHaveLength(10);
  });

  it('refuses unknown languages and too many targets before any upstream call', async () => {
    const { backend, calls } = recordingBackend();
    const translator = createTranslator(backend, langid);
    await expect(translator.translate({ text: 'Hi.', targets: ['Klingon'] })).rejects.toMatchObject({
      name: 'TranslateInputError',
      message: 'Unknown target language "Klingon"',
    });
    await expect(
      translator.translate({ text: 'Hi.', targets: ['fr'], source: 'Elvish' }),
    ).rejects.toMatchObject({
      name: 'TranslateInputError',
    });
    const eleven = ['fr', 'de', 'es', 'it', 'pt', 'nl', 'pl', 'ru', 'ja', 'ko', 'zh'];
    await expect(translator.translate({ text: 'Hi.', targets: eleven })).rejects.toMatchObject({
      name: 'TranslateInputError',
    });
    await expect(translator.translate({ text: 'a'.repeat(100_001), targets: ['fr'] })).rejects.toMatchObject({
      name: 'TranslateInputError',
    });
    expect(calls).toHaveLength(0);
  });

  it('fails when an upstream returns a different number of texts than it was given', async () => {
    const { backend } = recordingBackend({ translateRuns: async () => ['only one'] });
    await expect(
      createTranslator(backend, langid).translate({ text: 'One.\nTwo.', targets: ['fr'], source: 'en' }),
    ).rejects.toMatchObject({ name: 'EngineFailedError', engine: 'translate' });
  });

  it('reports its adapter in status', () => {
    const { backend } = recordingBackend();
    expect(createTranslator(backend, langid).status()).toEqual({
      engine: 'translate',
      adapter: 'test',
      available: true,
      detail: 'in-memory',
    });
  });
});

describe('no translation upstream configured', () => {
  it('is unavailable and never makes up a translation', async () => {
    const translator = createUnavailableTranslator('no upstream configured');
    expect(translator.status()).toMatchObject({ available: false, adapter: 'none' });
    await expect(translator.translate({ text: 'Hello', targets: ['fr'] })).rejects.toMatchObject({
      name: 'EngineUnavailableError',
      engine: 'translate',
    });
  });
});

describe('batching', () => {
  it('groups consecutive texts within both limits and sends an oversized text alone', () => {
    expect(batches(['aa', 'bb', 'cc', 'dddddd', 'e'], 5, 10)).toEqual([
      ['aa', 'bb'],
      ['cc'],
      ['dddddd'],
      ['e'],
    ]);
    expect(batches(['a', 'b', 'c'], 100, 2)).toEqual([['a', 'b'], ['c']]);
    expect(batches([], 5, 5)).toEqual([]);
  });
});
