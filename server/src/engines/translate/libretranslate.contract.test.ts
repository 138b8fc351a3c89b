import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient } from '../../net/outbound-client.js';
import { createLibreTranslateRunTranslator } from './libretranslate.backend.js';
import { LANGUAGES, TRANSLATE_ERRORS, TRANSLATED } from './libretranslate.recordings.js';
import { TranslateInputError } from './translate.engine.js';

// The LibreTranslate adapter against what the server answers (libretranslate.recordings.ts): its
// /languages decides which targets are sent and how they are spelled, /translate's list comes back
// in order, and each error is either the caller's (that target fails alone) or a 502.

const LT = 'http://libretranslate.upstream.test:5000';
const fresh = () => createLibreTranslateRunTranslator({ url: LT, outbound: createOutboundClient() });

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('LibreTranslate against recorded answers', () => {
  it('reads /languages once and translates a list', async () => {
    const backend = fresh();
    const languages = nock(LT)
      .get('/languages')
      .once()
      .reply(LANGUAGES.status, LANGUAGES.body as nock.Body);
    nock(LT)
      .post('/translate', { q: ['Agenda', 'Review the budget'], source: 'en', target: 'fr', format: 'text' })
      .twice()
      .reply(TRANSLATED.status, TRANSLATED.body as nock.Body);
    for (let i = 0; i < 2; i++) {
      await expect(backend.translateRuns(['Agenda', 'Review the budget'], 'en', 'fr')).resolves.toEqual([
        'Ordre du jour',
        'Revoir le budget',
      ]);
    }
    languages.done();
  });

  it('sends a plain code as the server spells it (zh → zh-Hans)', async () => {
    nock(LT)
      .get('/languages')
      .reply(200, LANGUAGES.body as nock.Body);
    const sent = nock(LT)
      .post('/translate', (body: { target?: string }) => body.target === 'zh-Hans')
      .reply(200, { translatedText: ['议程'] });
    await expect(fresh().translateRuns(['Agenda'], 'en', 'zh')).resolves.toEqual(['议程']);
    sent.done();
  });

  it('refuses a target the server does not list, without sending the text', async () => {
    nock(LT)
      .get('/languages')
      .reply(200, LANGUAGES.body as nock.Body);
    const error = await fresh()
      .translateRuns(['Agenda'], 'en', 'ja')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TranslateInputError);
    expect((error as Error).message).toContain('cannot translate from en into ja');
    expect((error as Error).message).toContain('zh-Hans');
    expect(nock.pendingMocks()).toEqual([]);
  });

  it.each(TRANSLATE_ERRORS)('maps HTTP $status "$message"', async (recorded) => {
    nock(LT).get('/languages').reply(404, '<!doctype html><title>404 Not Found</title>');
    nock(LT)
      .post('/translate')
      .reply(recorded.status, recorded.body as nock.Body);
    const error = await fresh()
      .translateRuns(['Agenda'], 'en', 'ja')
      .catch((e: unknown) => e);
    if (recorded.failsAlone) {
      expect(error).toBeInstanceOf(TranslateInputError);
      expect((error as Error).message).toBe(`LibreTranslate at ${LT}: ${recorded.message}`);
    } else {
      expect(error).toMatchObject({
        name: 'EngineFailedError',
        message: `translate engine failed: LibreTranslate answered HTTP ${recorded.status}: ${recorded.message}`,
      });
    }
  });
});
