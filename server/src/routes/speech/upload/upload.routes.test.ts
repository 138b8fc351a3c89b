import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import type { PlaygroundUploadResponse, SttResponse } from '@parley/schemas/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureById, type SpeechServer, startSpeechServer } from '../../../../test-support/speech-server.js';
import { expectSchema } from '../../../../test-support/test-server.js';
import { Limits, SignedUrlTtl } from '../../../core/contracts.js';
import { fixturePath } from '../../../engines/audio/fixture-audio.js';
import { buildEngines } from '../../../engines/registry.js';

// POST /playground/uploads: a person's audio file stored under their user, answered with its signed
// URL, which file STT then reads from disk on a server that refuses private addresses.

let server: SpeechServer;

beforeAll(async () => {
  server = await startSpeechServer({
    env: { PARLEY_ALLOW_PRIVATE_URLS: 'false' },
    deps: { engines: await buildEngines({}) },
  });
});
afterAll(async () => {
  await server?.close();
});

const upload = (body: Uint8Array | string, headers: Record<string, string>) =>
  fetch(`${server.url}/playground/uploads`, { method: 'POST', headers, body });

describe('POST /playground/uploads', () => {
  it('stores a WAV file, answers its signed URL, which serves the same bytes and transcribes', async () => {
    const wav = await readFile(fixturePath(fixtureById('en-rms-01')));
    const res = await upload(wav, { 'X-API-Key': server.alice.key, 'Content-Type': 'audio/wav' });
    const body = (await res.json()) as PlaygroundUploadResponse;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expectSchema('playground-upload.response', body);
    expect(body).toMatchObject({ bytes: wav.length, expires_in_seconds: SignedUrlTtl.upload });
    expect(body.url).toMatch(new RegExp(`^${server.url}/files/uploads/.+\\.wav\\?expires=`));

    const served = await fetch(body.url);
    expect(served.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await served.arrayBuffer()).equals(wav)).toBe(true);

    const stt = await server.post<SttResponse>(
      `/v1/stt?api_key=${server.alice.key}`,
      { audio_url: body.url, enable_diarization: false },
      {},
    );
    expect(stt.status, JSON.stringify(stt.body)).toBe(200);
    expect(stt.body.utterances.length).toBeGreaterThan(0);
  }, 120_000);

  it('401 without a key; 415 for a document type or none; 400 for an empty body; 413 over the limit', async () => {
    const key = server.alice.key;
    expect((await upload('RIFF', { 'Content-Type': 'audio/wav' })).status).toBe(401);
    const html = await upload('<html></html>', { 'X-API-Key': key, 'Content-Type': 'text/html' });
    expect(html.status).toBe(415);
    expect(await html.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect((await upload('RIFF', { 'X-API-Key': key })).status).toBe(415);
    expect((await upload('', { 'X-API-Key': key, 'Content-Type': 'audio/wav' })).status).toBe(400);
    expect(await declaredTooLarge(key)).toBe(413);
  }, 60_000);
});

/** The status of an upload that declares one byte over the limit (answered before the body is read). */
function declaredTooLarge(key: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}/playground/uploads`, {
      method: 'POST',
      headers: { 'X-API-Key': key, 'Content-Type': 'audio/wav', 'Content-Length': Limits.uploadBytes + 1 },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode);
      req.destroy();
    });
    req.on('error', reject);
    req.write('RIFF');
  });
}
