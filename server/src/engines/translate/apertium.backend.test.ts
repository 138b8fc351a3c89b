import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireApertium } from '../../../test-support/apertium.js';
import { createFastTextLangId } from '../langid/fasttext-langid.adapter.js';
import { type ApertiumRunTranslator, keepLowerStart } from './apertium.backend.js';
import type { TranslateEngine } from './translate.engine.js';
import { createTranslator } from './translator.js';

// The Apertium adapter on the real pipelines (Debian's pair packages): translations, pivots named in
// the answer, Markdown and HTML structure kept across ten targets, unreachable targets refused up
// front, and a pool that stays bounded and recovers from a dead pipeline.

const TEN = ['es', 'fr', 'pt', 'it', 'ca', 'gl', 'sr', 'hr', 'bs', 'en'];

const MARKDOWN = [
  '# Weekly planning meeting',
  '',
  'The **budget review** is due on Friday. See [the shared folder](https://example.com/q3_plan?id=7) first.',
  '',
  '## Action items',
  '',
  '1. Send the `release-notes.md` draft to dana@example.com before noon.',
  '2. Book a room for the *customer workshop*.',
  '- [ ] Update the roadmap with the new dates.',
  '> We agreed to ship the release on Thursday.',
  '',
  '| Owner | Task |',
  '|---|---|',
  '| Sam | Prepare the slides |',
  '',
  '```ts',
  'const meeting = "do not translate";',
  '```',
  '---',
  'Questions go to https://example.com/faq and {{host_name}}.',
].join('\n');

const HTML = [
  '<h1>Meeting notes</h1>',
  '<p>The team <strong>approved</strong> the new <a href="https://example.com/x">design</a>.</p>',
  '<ul><li>Call the supplier tomorrow.</li><li>Share the <em>final</em> report.</li></ul>',
].join('\n');

/** What must survive translation: line count, line markers, and every verbatim token in order. */
function structureOf(doc: string): string[][] {
  const TOKENS =
    /`[^`]*`|\]\([^)]*\)|<\/?[A-Za-z][^>]*>|https?:\/\/[^\s<>()]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\{\{[^}]*\}\}|\*\*|\||^\s*(?:#{1,6}|\d+\.|[-*>]|- \[ \])(?=\s)/g;
  return doc.split('\n').map((line) => (line.startsWith('const ') ? [line] : (line.match(TOKENS) ?? [])));
}

// Starting pipelines costs seconds of CPU on a loaded machine: generous timeouts, no timing asserted.
describe('Apertium translation (local pipelines)', { timeout: 120_000 }, () => {
  let backend: ApertiumRunTranslator;
  let engine: TranslateEngine;
  beforeAll(() => {
    backend = requireApertium();
    engine = createTranslator(backend, createFastTextLangId());
  });
  afterAll(() => engine?.close?.());

  it('translates a sentence directly and names the pivot of an indirect pair', async () => {
    const result = await engine.translate({
      text: 'We will ship the release on Thursday.',
      targets: ['es', 'French'],
      source: 'en',
    });
    expect(result.source_language).toBe('en');
    const [es, fr] = result.translations;
    expect(es).toEqual({ language: 'es', text: expect.stringMatching(/jueves/) });
    expect(fr).toEqual({ language: 'fr', text: expect.stringMatching(/jeudi/), via: ['es'] });
  });

  it('translates fr↔ca, it↔ca and es↔gl directly, without a pivot', async () => {
    const fromFrench = await engine.translate({
      text: 'La réunion commence demain matin.',
      targets: ['ca'],
      source: 'fr',
    });
    expect(fromFrench.translations).toEqual([{ language: 'ca', text: 'La reunió comença demà al matí.' }]);
    const fromCatalan = await engine.translate({
      text: 'La reunió comença demà.',
      targets: ['fr', 'it'],
      source: 'ca',
    });
    expect(fromCatalan.translations.map((t) => t.via)).toEqual([undefined, undefined]);
    const fromSpanish = await engine.translate({
      text: 'La reunión empieza mañana.',
      targets: ['gl'],
      source: 'es',
    });
    expect(fromSpanish.translations).toEqual([{ language: 'gl', text: 'A reunión empeza mañá.' }]);
  });

  // Apertium capitalised the run after inline code or a link ("`npm test` Antes de que …").
  it('does not capitalise the words after inline code or a link', async () => {
    const result = await engine.translate({
      text: 'Run `npm test` before you merge. Read [the guide](https://example.com/g) before the meeting.',
      targets: ['es', 'ca', 'fr'],
      source: 'en',
    });
    for (const t of result.translations) {
      expect(t.text, t.language).toMatch(/`npm test` \p{Ll}/u);
      expect(t.text, t.language).toMatch(/\[\p{Ll}/u);
    }
  });

  it('keeps the structure of a Markdown and an HTML document in ten targets', async () => {
    for (const doc of [MARKDOWN, HTML]) {
      const result = await engine.translate({ text: doc, targets: TEN, source: 'en' });
      expect(result.translations.map((t) => t.language)).toEqual(TEN);
      for (const t of result.translations) {
        expect(structureOf(t.text), `${t.language}:\n${t.text}`).toEqual(structureOf(doc));
        if (t.language !== 'en') expect(t.text).not.toBe(doc);
      }
    }
  });

  it('detects the source when it is auto', async () => {
    const result = await engine.translate({
      text: 'Vamos a revisar el presupuesto mañana por la tarde.',
      targets: ['en'],
    });
    expect(result.source_language).toBe('es');
    expect(result.translations[0]?.text).toMatch(/tomorrow/i);
  });

  it('refuses a target no installed pair reaches, naming the supported ones', async () => {
    const refused = engine.translate({
      text: 'Good morning, everyone.',
      targets: ['es', 'de'],
      source: 'en',
    });
    await expect(refused).rejects.toMatchObject({
      name: 'TranslateInputError',
      message: expect.stringMatching(/into de; supported targets from en: .*\bes\b.*/),
    });
    await expect(
      engine.translate({ text: 'Guten Morgen zusammen, wie geht es euch?', targets: ['es'] }),
    ).rejects.toThrow(/cannot translate from de \(detected\); supported source languages: .*en/);
  });

  it('keeps the pool bounded and replaces a pipeline that died', async () => {
    const small = requireApertium({ maxPipelines: 2 });
    try {
      const texts = ['Thank you all for joining.', 'Let us start with the budget.'];
      const outs = await Promise.all(
        ['es', 'gl', 'sr', 'hr'].map((t) => small.translateRuns(texts, 'en', t)),
      );
      expect(outs.every((o) => o.length === 2 && o[0] !== texts[0])).toBe(true);
      expect(small.pool.counts().alive).toBeLessThanOrEqual(2);
      small.pool.close();
      const again = await small.translateRuns(texts, 'en', 'es');
      expect(again[0]).toMatch(/gracias/i);
    } finally {
      small.close?.();
    }
  });
});

describe('lower-case starts', () => {
  it.each([
    [' before you merge', 'Antes de que fusionas', 'antes de que fusionas'],
    ['the guide', 'La guía', 'la guía'],
    ['The guide', 'La guía', 'La guía'],
    ['2 rooms', '2 Habitaciones', '2 habitaciones'],
    ['`x` ok', 'Vale', 'vale'],
  ])('"%s" → "%s" becomes "%s"', (source, translated, expected) => {
    expect(keepLowerStart(source, translated)).toBe(expected);
  });
});
