import type { TranslateTextResponse } from '@parley/schemas/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, type SpeechServer, startSpeechServer } from '../../../../test-support/speech-server.js';
import { expectSchema } from '../../../../test-support/test-server.js';
import { ErrorText } from '../../../core/contracts.js';
import { buildEngines } from '../../../engines/registry.js';
import { apertiumInstallHint } from '../../../engines/translate/apertium.backend.js';

// POST /v1/translate-text over real HTTP without a translation engine and with the local Apertium
// engine (each upstream engine: translate.upstream.routes.test.ts).

const headers = (key: string) => ({ 'X-API-Key': key });

describe('POST /v1/translate-text without a translation engine', () => {
  let server: SpeechServer;
  beforeAll(async () => {
    server = await startSpeechServer({
      deps: { engines: await buildEngines({ apertiumDataDir: '/nonexistent/apertium' }) },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 503 ENGINE_UNAVAILABLE naming PARLEY_TRANSLATE_URL', async () => {
    const reply = await server.post(
      '/v1/translate-text',
      { text: 'Hello.', target_languages: ['fr'] },
      headers(server.alice.key),
    );
    expectError(reply, 503, /PARLEY_TRANSLATE_URL/);
    expect(reply.body).toMatchObject({ code: 'ENGINE_UNAVAILABLE' });
  });

  it('checks the key first: 401 Missing authorization, 401 Invalid API key', async () => {
    const body = { text: 'Hello.', target_languages: ['fr'] };
    expectError(await server.post('/v1/translate-text', body), 401, ErrorText.missingAuth);
    expectError(
      await server.post('/v1/translate-text', body, headers('prl_wrong')),
      401,
      ErrorText.invalidKey,
    );
    expectError(
      await server.post('/v1/translate-text', body, { Authorization: 'Bearer prl_wrong' }),
      401,
      ErrorText.invalidKey,
    );
  });
});

describe('POST /v1/translate-text with the local Apertium engine', { timeout: 120_000 }, () => {
  let server: SpeechServer;
  let engines: Awaited<ReturnType<typeof buildEngines>>;
  beforeAll(async () => {
    engines = await buildEngines();
    if (engines.translate.status().adapter !== 'apertium')
      throw new Error(`No Apertium pairs: ${apertiumInstallHint()}`);
    server = await startSpeechServer({ deps: { engines } });
  });
  afterAll(async () => {
    await server?.close();
    engines?.translate.close?.();
  });

  it('translates, naming the pivot of an indirect target, and /health lists the adapter and its pairs', async () => {
    const reply = await server.post<TranslateTextResponse>(
      '/v1/translate-text',
      {
        text: '## Agenda\n\n- Review the **budget** on Friday.',
        target_languages: ['Spanish', 'fr'],
        source_language: 'en',
      },
      headers(server.alice.key),
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expectSchema('translate-text.response', reply.body);
    const [es, fr] = reply.body.translations;
    expect(es).toEqual({
      language: 'es',
      text: expect.stringMatching(/^## .+\n\n- .*\*\*presupuesto\*\*.*viernes/),
    });
    expect(fr).toMatchObject({
      language: 'fr',
      via: ['es'],
      text: expect.stringMatching(/^## .+\n\n- .*vendredi/),
    });

    const health = await server.get<{ engines: Record<string, { adapter: string; detail?: string }> }>(
      '/health',
    );
    expect(health.body.engines.translate).toMatchObject({
      adapter: 'apertium',
      available: true,
      detail: expect.stringContaining('en→es'),
      languages: expect.arrayContaining(['es', 'fr']),
    });
    expectSchema('health.response', health.body);
  });

  it('translates the reachable targets and reports the one no pair reaches on its own entry', async () => {
    const reply = await server.post<TranslateTextResponse>(
      '/v1/translate-text',
      { text: 'Good morning, everyone.', target_languages: ['es', 'German'], source_language: 'en' },
      headers(server.alice.key),
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expectSchema('translate-text.response', reply.body);
    const [es, de] = reply.body.translations;
    expect(es).toEqual({ language: 'es', text: expect.stringMatching(/buenos/i) });
    expect(de).toEqual({
      language: 'de',
      code: 'BAD_REQUEST',
      error: expect.stringMatching(/cannot translate from en into de; supported targets from en: .*\bes\b/),
    });
  });

  it('answers 400 in the error shape naming the supported targets when no target is reachable', async () => {
    const reply = await server.post(
      '/v1/translate-text',
      { text: 'Good morning, everyone.', target_languages: ['ja', 'German'], source_language: 'en' },
      headers(server.alice.key),
    );
    expectError(reply, 400, /cannot translate from en into ja; supported targets from en: .*\bes\b/);
    expect(JSON.stringify(reply.body)).toMatch(/into de/);
    expect(reply.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });
});
