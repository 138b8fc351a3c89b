import { describe, expect, it } from 'vitest';
import { CONFIG_DEFAULTS, ConfigError, loadConfig, publicUrlOf } from './config.js';

describe('loadConfig', () => {
  it('applies the defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      partnerSegment: 'partner',
      workspaceSegment: 'workspace',
      allowPrivateUrls: false,
      upstream: {},
    });
    expect(config.dataDir).toBe(CONFIG_DEFAULTS.dataDir);
    expect(config.dataDir.endsWith('/.data')).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db:5432/parley',
      PARLEY_PUBLIC_URL: 'https://speech.example.com/',
      PARLEY_PARTNER_SEGMENT: 'zapier',
      PARLEY_ALLOW_PRIVATE_URLS: 'true',
      PARLEY_STT_URL: 'https://api.example.com/v1',
      PARLEY_STT_API_KEY: 'sk-1',
      PARLEY_TRANSLATE_URL: 'https://lt.example.com',
      PARLEY_TRANSLATE_KIND: 'libretranslate',
      PARLEY_DENOISE_DEFAULT_ATTEN_DB: '12.5',
      PARLEY_UPSTREAM_TIMEOUT_MS: '30000',
    });
    expect(config).toMatchObject({
      port: 0,
      databaseUrl: 'postgres://u@db:5432/parley',
      publicUrl: 'https://speech.example.com',
      partnerSegment: 'zapier',
      allowPrivateUrls: true,
      denoiseDefaultAttenDb: 12.5,
      upstreamTimeoutMs: 30000,
      upstream: {
        stt: { url: 'https://api.example.com/v1', apiKey: 'sk-1' },
        translate: { url: 'https://lt.example.com', kind: 'libretranslate' },
      },
    });
    expect(publicUrlOf(config, 1234)).toBe('https://speech.example.com');
  });

  it('names each bad variable in one error', () => {
    const bad = () =>
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', PARLEY_TTS_API_KEY: 'k' });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'PARLEY_TTS_URL'])
        expect(message).toContain(name);
    }
  });

  it('publicUrlOf falls back to the listening address', () => {
    expect(publicUrlOf(loadConfig({ HOST: '0.0.0.0' }), 9000)).toBe('http://127.0.0.1:9000');
  });
});
