import { encodeTtsRequest, PROTO_CONTENT_TYPE, type SessionTtsRequestData } from '@parley/schemas/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localEngines } from '../../../../test-support/local-engines.js';
import { postRaw, type SpeechServer, startSpeechServer } from '../../../../test-support/speech-server.js';
import { expectSchema } from '../../../../test-support/test-server.js';
import {
  download,
  oggOpusChannels,
  postTts,
  type TtsReply,
  ttsUrl,
} from '../../../../test-support/tts-requests.js';
import { systemClock } from '../../../core/clock.js';
import { ErrorText, SignedUrlTtl } from '../../../core/contracts.js';
import type { Engines } from '../../../engines/registry.js';
import { corpusWer } from '../../../engines/stt/wer.js';
import type { TtsEngine, TtsResult } from '../../../engines/tts/tts.engine.js';
import { FileStore } from '../../../files/file-store.js';
import type { SttResult } from '../../../services/speech/stt.service.js';

// POST /v1/tts over real HTTP with the local engines (flite for English, espeak-ng otherwise):
// protobuf both ways, the spec's error texts, the signed OGG/Opus file, and a TTS → STT round trip
// through the server's own /v1/stt. The OpenAI-compatible upstream: tts.upstream.routes.test.ts.

let engines: Engines;
let server: SpeechServer;
/** What the engine spoke for each request (the route exposes only the file). */
const spoken: TtsResult[] = [];

beforeAll(async () => {
  engines = await localEngines();
  const recordingTts: TtsEngine = {
    status: () => engines.tts.status(),
    async synthesize(request) {
      const result = await engines.tts.synthesize(request);
      spoken.push(result);
      return result;
    },
  };
  server = await startSpeechServer({ deps: { engines: { ...engines, tts: recordingTts } } });
});
afterAll(async () => {
  await server.close();
});

/** Posts a SessionTTSRequest to this file's server, or to `target`. */
const tts = (request: SessionTtsRequestData, target = server): Promise<TtsReply> => postTts(target, request);

/** A JSON api-error answer (the request could not be read) with its status and exact text. */
async function expectJsonError(
  body: Uint8Array | undefined,
  key: string | undefined,
  status: number,
  error: string,
): Promise<void> {
  const reply = await postRaw(ttsUrl(server, key), body, PROTO_CONTENT_TYPE);
  expect(reply.status).toBe(status);
  expect(reply.type).toContain('application/json');
  expectSchema('api-error', reply.json());
  expect((reply.json() as { error: string }).error).toBe(error);
}

describe('POST /v1/tts: reading the request', () => {
  const good = { session_id: 'sess-1', message_id: 'msg-1', text: 'Hello there.' };

  it('401 Missing authorization without a key, 401 Invalid API key with a wrong one', async () => {
    await expectJsonError(encodeTtsRequest(good), undefined, 401, ErrorText.missingAuth);
    await expectJsonError(encodeTtsRequest(good), 'prl_wrong', 401, ErrorText.invalidKey);
  });

  it('400 with the spec text when session_id, message_id or text is missing or blank', async () => {
    for (const missing of [
      { ...good, session_id: '' },
      { ...good, message_id: '' },
      { ...good, text: '' },
      { ...good, text: '   \n' },
    ]) {
      await expectJsonError(encodeTtsRequest(missing), server.alice.key, 400, ErrorText.missingTtsField);
    }
  });

  it('400 Empty request body for no bytes; 400 for bytes that are not a SessionTTSRequest', async () => {
    await expectJsonError(new Uint8Array(), server.alice.key, 400, ErrorText.emptyBody);
    const reply = await postRaw(
      ttsUrl(server, server.alice.key),
      new Uint8Array([0x0a, 0xff, 0xff]),
      PROTO_CONTENT_TYPE,
    );
    expect(reply.status).toBe(400);
    expectSchema('api-error', reply.json());
    expect((reply.json() as { error: string }).error).toMatch(/^Invalid SessionTTSRequest protobuf/);
  });

  it('415 for a body declared as something other than protobuf', async () => {
    const reply = await postRaw(ttsUrl(server, server.alice.key), JSON.stringify(good), 'application/json');
    expect(reply.status).toBe(415);
    expectSchema('api-error', reply.json());
    expect((reply.json() as { error: string }).error).toContain(PROTO_CONTENT_TYPE);
  });
});

describe('POST /v1/tts: failures after the request was read come back in SessionTTSResponse.error', () => {
  it('400 with `error` for text with nothing to speak', async () => {
    const { status, response } = await tts({ session_id: 's', message_id: 'm', text: '… !!! …' });
    expect(status).toBe(400);
    expect(response).toEqual({ audio_url: '', error: 'Text has nothing to speak' });
  });

  it('500 Storage upload failed when the file cannot be stored', async () => {
    const files = new FileStore({
      rootDir: '/dev/null/parley-files', // under a file: every mkdir fails
      secret: 'test-files-secret-0123456789',
      clock: systemClock,
      baseUrl: () => 'http://127.0.0.1',
    });
    const broken = await startSpeechServer({ deps: { engines, files } });
    try {
      const { status, response } = await tts({ session_id: 's', message_id: 'm', text: 'Hello.' }, broken);
      expect(status).toBe(500);
      expect(response).toEqual({ audio_url: '', error: ErrorText.storageFailed });
    } finally {
      await broken.close();
    }
  });
});

describe('POST /v1/tts with espeak-ng', () => {
  it('answers a signed URL under a path with message_id, serving OGG/Opus mono; a tampered URL is 403', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { status, response } = await tts({
      session_id: 'sess-a',
      message_id: 'msg-42',
      text: 'Good morning.',
    });
    expect(status).toBe(200);
    const url = new URL(response.audio_url);
    expect(url.origin).toBe(server.url);
    expect(url.pathname).toMatch(/^\/files\/tts\/.+\/sess-a\/msg-42\.ogg$/);
    const expires = Number(url.searchParams.get('expires'));
    expect(expires).toBeGreaterThanOrEqual(before + SignedUrlTtl.tts);
    expect(expires).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + SignedUrlTtl.tts);

    const file = await download(response.audio_url);
    expect(file.status).toBe(200);
    expect(file.type).toContain('audio/ogg');
    expect(oggOpusChannels(file.bytes)).toBe(1);

    const signature = url.searchParams.get('signature') ?? '';
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const tampered = [
      response.audio_url.replace(`signature=${signature}`, `signature=${flipped}`),
      response.audio_url.replace('msg-42.ogg', 'msg-43.ogg'),
      response.audio_url.replace(`expires=${expires}`, `expires=${expires + 1}`),
    ];
    for (const bad of tampered) {
      expect(bad).not.toBe(response.audio_url);
      const reply = await fetch(bad);
      expect(reply.status, bad).toBe(403);
      expectSchema('api-error', await reply.json());
    }
  });

  it('keeps an unsafe message_id inside its folder (cleaned and hashed, still recognisable)', async () => {
    const { response } = await tts({ session_id: 's', message_id: '../../escape me', text: 'Hi there.' });
    const path = new URL(response.audio_url).pathname;
    expect(path).toMatch(/^\/files\/tts\/[^/]+\/s\/\w[\w.-]*escape_me-[0-9a-f]{12}\.ogg$/);
    expect((await download(response.audio_url)).status).toBe(200);
  });

  it('speaks a German sentence with the German voice (language detected from the text)', async () => {
    const text = 'Guten Morgen, wir besprechen heute den Haushalt für das nächste Jahr.';
    const { status, response } = await tts({ session_id: 'sess-de', message_id: 'msg-de', text });
    expect(status).toBe(200);
    const engineAnswer = spoken.at(-1);
    expect(engineAnswer).toMatchObject({ language: 'de', voice: 'de' });
    // The served file is exactly what the German voice produced.
    expect((await download(response.audio_url)).bytes.equals(engineAnswer?.audio ?? Buffer.alloc(0))).toBe(
      true,
    );
  });

  it('round trip: five English sentences through /v1/tts then /v1/stt stay within 25% WER', async () => {
    const sentences = [
      'Good morning everyone, let us start the meeting.',
      'We need to finish the report by Friday.',
      'Please send me the notes after the call.',
      'The budget for next year was approved today.',
      'Thank you all for joining this morning.',
    ];
    const pairs = [];
    for (const [i, text] of sentences.entries()) {
      const { status, response } = await tts({ session_id: 'sess-rt', message_id: `rt-${i}`, text });
      expect(status, response.error).toBe(200);
      const stt = await server.post<SttResult>(`/v1/stt?api_key=${encodeURIComponent(server.alice.key)}`, {
        audio_url: response.audio_url,
        enable_diarization: false,
      });
      expect(stt.status, JSON.stringify(stt.body)).toBe(200);
      expectSchema('stt.response', stt.body);
      pairs.push({ reference: text, hypothesis: stt.body.text });
    }
    // The quality bar for the local engines (flite speaking English, pocketsphinx listening).
    const { wer } = corpusWer(pairs);
    expect(wer, `WER ${(wer * 100).toFixed(1)}%: ${JSON.stringify(pairs, null, 1)}`).toBeLessThanOrEqual(
      0.25,
    );
  });
});
