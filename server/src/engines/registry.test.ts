import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineKind } from './engine.js';
import { buildEngines } from './registry.js';
import { apertiumInstallHint } from './translate/apertium.backend.js';

const ALL_KINDS: EngineKind[] = [
  'audio',
  'stt',
  'vad',
  'diarization',
  'langid',
  'tts',
  'denoise',
  'translate',
  'llm',
];

afterEach(() => {
  nock.cleanAll();
});

describe('engine registry', () => {
  it('builds the local engines by default and lists every kind for /health', async () => {
    const engines = await buildEngines();
    const statuses = engines.statuses();
    expect([...new Set(statuses.map((s) => s.engine))].sort()).toEqual([...ALL_KINDS].sort());
    const byKind = Object.fromEntries(statuses.map((s) => [s.engine, s]));
    // flite speaks English beside espeak-ng when Debian's flite is installed (as in CI).
    expect(byKind.tts).toMatchObject({ adapter: expect.stringMatching(/espeak-ng-wasm$/), available: true });
    expect(byKind.denoise).toMatchObject({ adapter: 'rnnoise-wasm', available: true });
    expect(byKind.langid).toMatchObject({ adapter: 'fasttext-lid176-wasm', available: true });
    expect(byKind.llm).toMatchObject({ adapter: 'parley-extractive', available: true });
    expect(byKind.translate, apertiumInstallHint()).toMatchObject({ adapter: 'apertium', available: true });
    expect(byKind.translate?.detail).toContain('en→es');
    expect(engines.stt).toBe(engines.localStt);
    engines.translate.close?.();
  });

  it('says translation is unavailable, naming the packages, without Apertium pairs or an upstream', async () => {
    const engines = await buildEngines({ apertiumDataDir: '/nonexistent/apertium' });
    const status = engines.statuses().find((s) => s.engine === 'translate');
    expect(status).toMatchObject({ adapter: 'none', available: false });
    expect(status?.detail).toContain('PARLEY_TRANSLATE_URL');
    expect(status?.detail).toContain('apertium-eng-spa');
    await expect(engines.translate.translate({ text: 'Hello', targets: ['fr'] })).rejects.toMatchObject({
      name: 'EngineUnavailableError',
    });
  });

  it('uses the configured upstreams, keeps local STT listed, and applies the denoise default', async () => {
    const engines = await buildEngines({
      upstream: {
        stt: { url: 'https://stt.upstream.test', apiKey: 'k' },
        tts: { url: 'https://tts.upstream.test/v1', voice: 'alloy' },
        translate: { url: 'http://10.1.2.3:5000', kind: 'libretranslate' },
        llm: { url: 'https://llm.upstream.test', model: 'meeting-model' },
      },
      denoiseDefaultAttenDb: 24,
    });
    const adapters = engines.statuses().map((s) => `${s.engine}:${s.adapter}`);
    expect(adapters).toEqual(
      expect.arrayContaining([
        'stt:openai-compatible',
        'stt:pocketsphinx',
        'tts:openai-compatible',
        'translate:libretranslate',
        'llm:openai-compatible',
      ]),
    );
    expect(engines.llm.model).toBe('meeting-model');
    expect(engines.statuses().find((s) => s.engine === 'tts')?.detail).toContain('voice alloy');
    expect(engines.statuses().find((s) => s.engine === 'denoise')?.detail).toContain('default limit 24 dB');
    // Upstream URLs come from the operator: a private address is allowed for them.
    nock('http://10.1.2.3:5000')
      .post('/translate')
      .reply(200, { translatedText: ['Bonjour'] });
    const result = await engines.translate.translate({ text: 'Hello', targets: ['fr'], source: 'en' });
    expect(result.translations).toEqual([{ language: 'fr', text: 'Bonjour' }]);
  });

  it('translates through the LLM upstream when no translation upstream is set', async () => {
    const engines = await buildEngines({
      upstream: { llm: { url: 'https://llm.upstream.test/v1', model: 'm' } },
    });
    expect(engines.translate.status()).toMatchObject({ adapter: 'openai-compatible', available: true });
    nock('https://llm.upstream.test')
      .post('/v1/chat/completions')
      .reply(200, { choices: [{ message: { content: '{"translations":["Hallo"]}' } }] });
    const result = await engines.translate.translate({ text: 'Hello', targets: ['de'], source: 'en' });
    expect(result.translations[0]?.text).toBe('Hallo');
  });

  it('warms up the WASM engines without failing', async () => {
    const engines = await buildEngines();
    await engines.warmUp();
    expect(engines.statuses().find((s) => s.engine === 'langid')?.detail).toMatch(/loaded in \d+ ms/);
    // Compiling three WASM models takes well over the default 5 s on a loaded machine.
  }, 60_000);
});
