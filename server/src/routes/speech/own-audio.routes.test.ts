import type { DenoiseResponse, SttResponse } from '@parley/schemas/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AudioHost,
  fixtureById,
  type SpeechServer,
  startAudioHost,
  startSpeechServer,
} from '../../../test-support/speech-server.js';
import { expectSchema } from '../../../test-support/test-server.js';
import { buildEngines, type Engines } from '../../engines/registry.js';

// audio_url naming this server itself (its playground fixtures, the signed /files/ URLs it handed
// out) on a server that refuses private addresses, as a plain `npm start` does: read from disk, so
// the playground's defaults work; any other loopback URL is still refused.

let engines: Engines;
let server: SpeechServer;
let host: AudioHost;

beforeAll(async () => {
  engines = await buildEngines({});
  host = await startAudioHost();
  server = await startSpeechServer({ env: { PARLEY_ALLOW_PRIVATE_URLS: 'false' }, deps: { engines } });
});
afterAll(async () => {
  await server?.close();
  await host?.close();
});

const key = () => ({ 'X-API-Key': server.alice.key });

describe('audio_url of this server on a server that refuses private addresses', () => {
  it('denoises its own fixture, then its own signed /files/ URL, under 127.0.0.1 and localhost', async () => {
    const fixture = `${server.url}/playground/fixtures/noisy-snr-00db`;
    const first = await server.post<DenoiseResponse>('/v1/denoise', { audio_url: fixture }, key());
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expectSchema('denoise.response', first.body);

    const produced = first.body.denoised_audio_url.replace('127.0.0.1', 'localhost');
    const second = await server.post<DenoiseResponse>('/v1/denoise', { audio_url: produced }, key());
    expect(second.status, JSON.stringify(second.body)).toBe(200);
  }, 120_000);

  it('transcribes its own fixture', async () => {
    const reply = await server.post<SttResponse>(
      `/v1/stt?api_key=${server.alice.key}`,
      { audio_url: `${server.url}/playground/fixtures/en-rms-01`, enable_diarization: false },
      {},
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.utterances.map((u) => u.text).join(' ')).toMatch(/\w/);
  }, 120_000);

  it('400 for a /files/ URL whose signature was changed, and for a fixture it does not have', async () => {
    const first = await server.post<DenoiseResponse>(
      '/v1/denoise',
      { audio_url: `${server.url}/playground/fixtures/noisy-snr-10db` },
      key(),
    );
    expect(first.status).toBe(200);
    // Another first character (replacing it with a fixed one left 1 URL in 64 unchanged).
    const forged = first.body.denoised_audio_url.replace(
      /signature=(.)/,
      (_all, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`,
    );
    const bad = await server.post('/v1/denoise', { audio_url: forged }, key());
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/bad or expired signature/);

    const missing = await server.post(
      '/v1/denoise',
      { audio_url: `${server.url}/playground/fixtures/no-such-fixture` },
      key(),
    );
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toMatch(/no fixture/);
  }, 120_000);

  it('still refuses another loopback server, even at the same path shape', async () => {
    const other = host.fixture(fixtureById('noisy-snr-00db').path);
    const reply = await server.post('/v1/denoise', { audio_url: other }, key());
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toMatch(/non-public address/);
  });
});
