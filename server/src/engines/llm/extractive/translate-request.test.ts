import { afterAll, describe, expect, it } from 'vitest';
import { requireApertium } from '../../../../test-support/apertium.js';
import { createFastTextLangId } from '../../langid/fasttext-langid.adapter.js';
import { createTranslator, createUnavailableTranslator } from '../../translate/translator.js';
import { createExtractiveMeetingAi } from '../extractive-llm.adapter.js';
import { PRODUCT_MEETING } from '../test-meeting.js';
import { parseTranslateRequest } from './translate-request.js';

const translator = createTranslator(requireApertium(), createFastTextLangId());
const ai = createExtractiveMeetingAi({ translator });

afterAll(() => translator.close?.());

describe('translate requests to the extractive meeting AI', () => {
  it.each([
    ['translate the action items into Spanish', { what: 'the action items', language: 'Spanish' }],
    ['Please translate the summary to fr.', { what: 'the summary', language: 'fr' }],
    ['Translate this into Italian', { what: '', language: 'Italian' }],
    ['Could you translate the minutes in Portuguese?', { what: 'the minutes', language: 'Portuguese' }],
  ])('reads "%s"', (prompt, parts) => {
    expect(parseTranslateRequest(prompt)).toEqual(parts);
  });

  it.each(['What did we decide?', 'Summarize the translation budget', 'List the action items'])(
    'leaves "%s" alone',
    (prompt) => {
      expect(parseTranslateRequest(prompt)).toBeUndefined();
    },
  );

  // The old engine ignored the request: it quoted English sentences that contain "translate"/"Spanish".
  it('builds what is named and hands it to the translator', async () => {
    const answer = await ai.ask(PRODUCT_MEETING, { question: 'translate the action items into Spanish' });
    expect(answer.markdown).toMatch(/presupuesto/i); // "budget" in the action item, now in Spanish
    expect(answer.markdown).not.toContain('I will send the updated budget');
    expect(answer.notes.at(-1)).toMatch(/^translated from en into es/);
    const document = await ai.generateDocument(PRODUCT_MEETING, {
      prompt: 'Translate this into French',
      sourceContent: '# Notes\n\n- We will meet again next week.',
    });
    expect(document.markdown).toMatch(/^# Notes\n\n- Nous/);
  }, 60_000);

  it('says so, and gives the document untranslated, when the language cannot be reached', async () => {
    const noTranslator = createExtractiveMeetingAi({ translator: createUnavailableTranslator('no pairs') });
    const answer = await noTranslator.ask(PRODUCT_MEETING, {
      question: 'translate the action items into Spanish',
    });
    expect(answer.markdown).toMatch(/^_Not translated into Spanish: .*no pairs/);
    expect(answer.markdown).toContain('I will send the updated budget to finance by Friday.');
    const klingon = await ai.ask(PRODUCT_MEETING, { question: 'translate the action items into Klingon' });
    expect(klingon.markdown).toMatch(/^_Not translated into Klingon: /);
  }, 60_000);
});
