import nock from 'nock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutboundClient } from '../../net/outbound-client.js';
import type { LangIdEngine } from '../langid/langid.engine.js';
import { createLibreTranslateRunTranslator } from './libretranslate.backend.js';
import { createTranslator } from './translator.js';

const LT = 'http://libretranslate.test:5000';
const backend = createLibreTranslateRunTranslator({
  url: `${LT}/`,
  apiKey: 'lt-key',
  outbound: createOutboundClient(),
});
const noDetection: LangIdEngine = {
  status: () => ({ engine: 'langid', adapter: 'none', available: false }),
  load: async () => {},
  detect: () => Promise.reject(new Error('not expected: the source is given')),
};
const translator = createTranslator(backend, noDetection);

beforeAll(() => nock.disableNetConnect());
// No language list: these tests are about /translate (the list has libretranslate.contract.test.ts).
beforeEach(() => {
  nock(LT).get('/languages').query(true).reply(404).persist();
});
afterEach(() => {
  nock.cleanAll();
});
afterAll(() => nock.enableNetConnect());

describe('LibreTranslate adapter', () => {
  it('posts {q, source, target, format: text, api_key} and puts the answers back into the structure', async () => {
    const scope = nock(LT)
      .post('/translate', {
        q: ['Agenda', 'Review the budget', 'Call', 'tomorrow'],
        source: 'en',
        target: 'fr',
        format: 'text',
        api_key: 'lt-key',
      })
      .reply(200, { translatedText: ['Ordre du jour', 'Revoir le budget', 'Appeler', 'demain'] });
    const result = await translator.translate({
      text: '## Agenda\n\n1. Review the budget\n2. [Call](tel:+331234) tomorrow',
      targets: ['French'],
      source: 'en',
    });
    expect(result).toEqual({
      source_language: 'en',
      translations: [
        { language: 'fr', text: '## Ordre du jour\n\n1. Revoir le budget\n2. [Appeler](tel:+331234) demain' },
      ],
    });
    scope.done();
  });

  it('turns an upstream error body into EngineFailedError with its message', async () => {
    nock(LT).post('/translate').reply(500, { error: 'Cannot translate text: model crashed' });
    await expect(
      translator.translate({ text: 'Hello.', targets: ['fr'], source: 'en' }),
    ).rejects.toMatchObject({
      name: 'EngineFailedError',
      engine: 'translate',
      message: expect.stringContaining('HTTP 500: Cannot translate text: model crashed'),
    });
  });

  it('refuses an answer without a translatedText array', async () => {
    nock(LT).post('/translate').reply(200, { translatedText: 'Bonjour.' });
    await expect(
      translator.translate({ text: 'Hello.', targets: ['fr'], source: 'en' }),
    ).rejects.toMatchObject({
      name: 'EngineFailedError',
    });
  });

  it('reports an unreachable server as EngineFailedError', async () => {
    nock(LT).post('/translate').replyWithError('socket hang up');
    await expect(
      translator.translate({ text: 'Hello.', targets: ['fr'], source: 'en' }),
    ).rejects.toMatchObject({
      name: 'EngineFailedError',
      message: expect.stringContaining('unreachable'),
    });
  });

  it('names itself in status', () => {
    expect(translator.status()).toEqual({
      engine: 'translate',
      adapter: 'libretranslate',
      available: true,
      detail: LT,
    });
  });
});
