import { encodeSttRequest, PROTO_CONTENT_TYPE } from '@parley/schemas/proto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  expectError,
  fixtureById,
  postRaw,
  startAudioHost,
  startSpeechRig,
  startSpeechServer,
} from '../../../../test-support/speech-server.js';
import { expectSchema } from '../../../../test-support/test-server.js';
import { ErrorText } from '../../../core/contracts.js';
import { fixtureBytes } from '../../../engines/audio/fixture-audio.js';
import { createOutboundClient } from '../../../net/outbound-client.js';

// The spec's error table for POST /v1/stt, row by row, and the audio_url failures (download
// refused, unreachable, too large, too slow, not audio). Every error body is the api-error shape.

const { engines, host, server, close } = await startSpeechRig();
const goodUrl = host.fixture('en/rms-02.wav');
afterAll(close);

const path = (key?: string) => (key === undefined ? '/v1/stt' : `/v1/stt?api_key=${encodeURIComponent(key)}`);

describe('POST /v1/stt: the spec error table', () => {
  it('401 Missing authorization without a key, 401 Invalid API key with a wrong one', async () => {
    expectError(await server.post(path(), { audio_url: goodUrl }), 401, ErrorText.missingAuth);
    expectError(await server.post(path('prl_wrong'), { audio_url: goodUrl }), 401, ErrorText.invalidKey);
    expectError(
      await server.post('/v1/stt?authorization=nope', { audio_url: goodUrl }),
      401,
      ErrorText.invalidKey,
    );
  });

  it('accepts the key in the declared `authorization` query parameter, bare or as Bearer', async () => {
    const key = encodeURIComponent(server.alice.key);
    for (const query of [`authorization=${key}`, `authorization=Bearer%20${key}`]) {
      const reply = await server.post(`/v1/stt?${query}`, { audio_url: goodUrl });
      expect(reply.status, query).toBe(200);
    }
  }, 60_000);

  it('checks the key before the body', async () => {
    expectError(await server.post(path(), '{not json'), 401, ErrorText.missingAuth);
  });

  it('400 Empty request body, for JSON and protobuf alike', async () => {
    expectError(await server.post(path(server.alice.key), ''), 400, ErrorText.emptyBody);
    const proto = await postRaw(
      `${server.url}${path(server.alice.key)}`,
      new Uint8Array(),
      PROTO_CONTENT_TYPE,
    );
    expectError({ status: proto.status, body: proto.json() }, 400, ErrorText.emptyBody);
  });

  it('400 Missing audio_url when it is absent, null or empty (not a 422)', async () => {
    for (const body of [
      {},
      { audio_url: null },
      { audio_url: '  ' },
      { session_id: 's1', enable_diarization: false },
    ]) {
      expectError(await server.post(path(server.alice.key), body), 400, ErrorText.missingAudioUrl);
    }
    const proto = await postRaw(
      `${server.url}${path(server.alice.key)}`,
      encodeSttRequest({ audio_url: '', session_id: 'only-a-session' }),
      PROTO_CONTENT_TYPE,
    );
    expectError({ status: proto.status, body: proto.json() }, 400, ErrorText.missingAudioUrl);
  });

  it('400 Invalid JSON for a body that does not parse; 400 for bytes that are not an SttRequest', async () => {
    expectError(await server.post(path(server.alice.key), '{"audio_url": '), 400, ErrorText.invalidJson);
    const proto = await postRaw(
      `${server.url}${path(server.alice.key)}`,
      new Uint8Array([0x0a, 0xff, 0xff, 0xff]),
      PROTO_CONTENT_TYPE,
    );
    expectError({ status: proto.status, body: proto.json() }, 400, /^Invalid SttRequest protobuf/);
  });

  it('422 with the validation body for fields of the wrong type or unknown fields', async () => {
    for (const body of [
      { audio_url: goodUrl, enable_diarization: 'yes' },
      { audio_url: goodUrl, speakers: 2 },
      { audio_url: 'ftp://example.com/a.wav' },
    ]) {
      const reply = await server.post(path(server.alice.key), body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expectSchema('validation-error', reply.body);
    }
  });

  it('415 for a body that is neither JSON nor protobuf', async () => {
    expectError(
      await server.post(path(server.alice.key), 'audio_url=x', { 'content-type': 'text/plain' }),
      415,
      /application\/x-protobuf/,
    );
  });
});

describe('POST /v1/stt: audio_url failures', () => {
  it('502 when the URL answers an error status, 415 when it is a web page or not decodable audio', async () => {
    const key = server.alice.key;
    expectError(await server.post(path(key), { audio_url: `${host.url}/missing.wav` }), 502, /HTTP 404/);
    const page = host.serve('page.html', '<html>hello</html>', 'text/html');
    expectError(await server.post(path(key), { audio_url: page }), 415);
    const junk = host.serve('junk.wav', Buffer.from('this is not audio at all'.repeat(20)), 'audio/wav');
    expectError(await server.post(path(key), { audio_url: junk }), 415, /Cannot decode audio/);
  });

  it('502 when the host cannot be reached', async () => {
    const closed = await startAudioHost();
    const url = closed.fixture('en/rms-02.wav');
    await closed.close();
    expectError(await server.post(path(server.alice.key), { audio_url: url }), 502);
  });

  it('400 for a loopback audio_url when the configuration does not allow private addresses', async () => {
    const guarded = await startSpeechServer({
      env: { PARLEY_ALLOW_PRIVATE_URLS: 'false' },
      deps: { engines },
    });
    try {
      const reply = await guarded.post(path(guarded.alice.key), { audio_url: goodUrl });
      expectError(reply, 400, /non-public address/);
    } finally {
      await guarded.close();
    }
  });

  it('413 for a download over the byte ceiling, 504 for one that does not finish in time', async () => {
    const strict = await startSpeechServer({
      env: { PARLEY_AUDIO_MAX_BYTES: '10000' },
      deps: {
        engines,
        clientUrls: createOutboundClient({ allowPrivate: true, defaultTimeoutMs: 300 }),
      },
    });
    try {
      const big = host.serve('big.wav', await fixtureBytes(fixtureById('en-rms-01')), 'audio/wav');
      expectError(await strict.post(path(strict.alice.key), { audio_url: big }), 413);
      expectError(await strict.post(path(strict.alice.key), { audio_url: host.hangingUrl }), 504);
    } finally {
      await strict.close();
    }
  });

  it('503 naming the engine when the server has no speech-to-text engine', async () => {
    const bare = await startSpeechServer({ deps: { engines: { statuses: () => [] } } });
    try {
      expectError(
        await bare.post(path(bare.alice.key), { audio_url: goodUrl }),
        503,
        /stt engine unavailable/,
      );
    } finally {
      await bare.close();
    }
  });
});
