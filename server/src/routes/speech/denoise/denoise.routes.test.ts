import type { DenoiseResponse } from '@parley/schemas/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AudioHost,
  expectError,
  fixtureById,
  type SpeechServer,
  startAudioHost,
  startSpeechServer,
} from '../../../../test-support/speech-server.js';
import { expectSchema, type Reply } from '../../../../test-support/test-server.js';
import { ErrorText, SignedUrlTtl } from '../../../core/contracts.js';
import { fixturePcm } from '../../../engines/audio/fixture-audio.js';
import { buildEngines, type Engines } from '../../../engines/registry.js';

// POST /v1/denoise over real HTTP with RNNoise: the 0 dB SNR fixture in, a signed M4A out with the
// extended fields; the attenuation-limit bounds and modes; auth; audio_url failures.

/** The server default the test engines are built with (PARLEY_DENOISE_DEFAULT_ATTEN_DB). */
const SERVER_DEFAULT_ATTEN_DB = 24;

let engines: Engines;
let host: AudioHost;
let server: SpeechServer;
let noisyUrl: string;

beforeAll(async () => {
  engines = await buildEngines({ denoiseDefaultAttenDb: SERVER_DEFAULT_ATTEN_DB });
  host = await startAudioHost();
  server = await startSpeechServer({ deps: { engines } });
  noisyUrl = host.fixture(fixtureById('noisy-snr-00db').path);
});
afterAll(async () => {
  await server.close();
  await host.close();
});

const withKey = (key: string) => ({ 'X-API-Key': key });

async function denoise(
  body: unknown,
  headers: Record<string, string> = withKey(server.alice.key),
): Promise<DenoiseResponse> {
  const reply = await server.post<DenoiseResponse>('/v1/denoise', body, headers);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expectSchema('denoise.response', reply.body);
  return reply.body;
}

function expectValidationError(reply: Reply, loc: (string | number)[]): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(422);
  expectSchema('validation-error', reply.body);
  expect((reply.body as { detail: { loc: unknown[] }[] }).detail.map((d) => d.loc)).toContainEqual(loc);
}

/** SNR in dB of `signal` against the `reference` it should equal (same rate, aligned). */
function snrDb(reference: Int16Array, signal: Int16Array): number {
  let power = 0;
  let error = 0;
  for (const [i, r] of reference.entries()) {
    power += r * r;
    error += (r - (signal[i] ?? 0)) ** 2;
  }
  return 10 * Math.log10(power / error);
}

describe('POST /v1/denoise on the 0 dB SNR fixture', () => {
  it('answers a signed M4A that removes the noise, with applied_atten_db and frame_lsnr_db', async () => {
    const file = fixtureById('noisy-snr-00db');
    const before = Math.floor(Date.now() / 1000);
    const result = await denoise({ audio_url: noisyUrl });

    const url = new URL(result.denoised_audio_url);
    expect(url.origin).toBe(server.url);
    expect(url.pathname).toMatch(/^\/files\/denoise\/[^/]+\/[^/]+\.m4a$/);
    const expires = Number(url.searchParams.get('expires'));
    expect(expires).toBeGreaterThanOrEqual(before + SignedUrlTtl.denoise);
    expect(expires).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + SignedUrlTtl.denoise);

    const response = await fetch(result.denoised_audio_url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('audio/mp4');
    const m4a = Buffer.from(await response.arrayBuffer());
    expect(m4a.toString('latin1', 4, 8)).toBe('ftyp');
    expect(m4a.toString('latin1', 8, 11)).toBe('M4A');

    // Adaptive mix: the server default where nobody speaks, SPEECH_ATTEN_LIMIT_DB (15) under speech.
    expect(result.applied_atten_db).toBeGreaterThan(15);
    expect(result.applied_atten_db).toBeLessThan(SERVER_DEFAULT_ATTEN_DB);
    // One local SNR per 10 ms frame of the 48 kHz input.
    const frames = result.frame_lsnr_db ?? [];
    expect(Math.abs(frames.length - Math.ceil(file.duration_s * 100))).toBeLessThanOrEqual(2);
    expect(Math.min(...frames)).toBeGreaterThanOrEqual(-15);
    expect(Math.max(...frames)).toBeLessThanOrEqual(35);

    // Against the clean recording the noisy one is at 0 dB SNR; the denoised file must be well
    // above it (RNNoise with the default mix measures about +8 dB here).
    const clean = await fixturePcm(fixtureById('noisy-clean'));
    const cleaned = await engines.audio.decode(m4a, { sampleRate: 16_000 });
    expect(Math.abs(cleaned.length - clean.length)).toBeLessThan(16_000 * 0.1);
    expect(snrDb(clean, await fixturePcm(file))).toBeCloseTo(0, 0);
    expect(snrDb(clean, cleaned)).toBeGreaterThan(5);
  });

  it('atten_limit_db 0 means the server default; disable_adaptive_mix applies the limit itself', async () => {
    const fixed = { audio_url: noisyUrl, disable_adaptive_mix: true };
    expect((await denoise({ ...fixed, atten_limit_db: 0 })).applied_atten_db).toBe(SERVER_DEFAULT_ATTEN_DB);
    expect((await denoise(fixed)).applied_atten_db).toBe(SERVER_DEFAULT_ATTEN_DB);
    expect((await denoise({ ...fixed, atten_limit_db: 30 })).applied_atten_db).toBe(30);
    expect((await denoise({ ...fixed, atten_limit_db: 100 })).applied_atten_db).toBe(100);
    expect((await denoise({ ...fixed, atten_limit_db: 6.5 })).applied_atten_db).toBe(6.5);
    // Adaptive mix with the same limit relaxes it under speech: a lower average.
    expect((await denoise({ audio_url: noisyUrl, atten_limit_db: 30 })).applied_atten_db).toBeLessThan(30);
  });

  it('refuses atten_limit_db outside 0–100 and wrong types with 422', async () => {
    const key = withKey(server.alice.key);
    for (const atten of [101, -1, '30']) {
      const reply = await server.post('/v1/denoise', { audio_url: noisyUrl, atten_limit_db: atten }, key);
      expectValidationError(reply, ['body', 'atten_limit_db']);
    }
    const mix = await server.post('/v1/denoise', { audio_url: noisyUrl, disable_adaptive_mix: 'yes' }, key);
    expectValidationError(mix, ['body', 'disable_adaptive_mix']);
    expectValidationError(await server.post('/v1/denoise', { atten_limit_db: 10 }, key), [
      'body',
      'audio_url',
    ]);
  });
});

describe('POST /v1/denoise: auth and audio_url failures', () => {
  it('401 without a key or with a wrong one; a Bearer key works like X-API-Key', async () => {
    expectError(await server.post('/v1/denoise', { audio_url: noisyUrl }), 401, ErrorText.missingAuth);
    expectError(
      await server.post('/v1/denoise', { audio_url: noisyUrl }, withKey('prl_wrong')),
      401,
      ErrorText.invalidKey,
    );
    expectError(
      await server.post('/v1/denoise', { audio_url: noisyUrl }, { Authorization: 'Bearer prl_wrong' }),
      401,
      ErrorText.invalidKey,
    );
    const viaBearer = await denoise({ audio_url: noisyUrl }, { Authorization: `Bearer ${server.alice.key}` });
    expect(viaBearer.denoised_audio_url).toMatch(/\.m4a\?/);
  });

  it('400 for a private address when the configuration does not allow it', async () => {
    const guarded = await startSpeechServer({
      env: { PARLEY_ALLOW_PRIVATE_URLS: 'false' },
      deps: { engines },
    });
    try {
      const reply = await guarded.post('/v1/denoise', { audio_url: noisyUrl }, withKey(guarded.alice.key));
      expectError(reply, 400, /non-public address/);
    } finally {
      await guarded.close();
    }
  });

  it('415 for a web page or bytes that are not audio, 502 for a missing file', async () => {
    const key = withKey(server.alice.key);
    const page = host.serve('page.html', '<html>hello</html>', 'text/html');
    expectError(await server.post('/v1/denoise', { audio_url: page }, key), 415);
    const junk = host.serve('junk.wav', Buffer.from('this is not audio at all'.repeat(20)), 'audio/wav');
    expectError(await server.post('/v1/denoise', { audio_url: junk }, key), 415, /Cannot decode audio/);
    expectError(
      await server.post('/v1/denoise', { audio_url: `${host.url}/missing.wav` }, key),
      502,
      /HTTP 404/,
    );
  });

  it('503 naming the engine when the server has no denoise engine', async () => {
    const bare = await startSpeechServer({ deps: { engines: { statuses: () => [] } } });
    try {
      const reply = await bare.post('/v1/denoise', { audio_url: noisyUrl }, withKey(bare.alice.key));
      expectError(reply, 503, /denoise engine unavailable/);
    } finally {
      await bare.close();
    }
  });
});
