import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SpeechServer, startSpeechServer } from '../../../../test-support/speech-server.js';
import { download, oggOpusChannels, postTts } from '../../../../test-support/tts-requests.js';
import { ErrorText } from '../../../core/contracts.js';
import { buildEngines } from '../../../engines/registry.js';

// POST /v1/tts with an OpenAI-compatible upstream played by nock (in a file of its own: nock patches
// node:http for its whole process, see vitest.config.ts).

describe('POST /v1/tts with an OpenAI-compatible upstream', () => {
  const UPSTREAM = 'https://tts.upstream.test';
  let upstream: SpeechServer;
  let monoOgg: Buffer;

  beforeAll(async () => {
    const upstreamEngines = await buildEngines({
      upstream: { tts: { url: `${UPSTREAM}/v1`, apiKey: 'sk-tts' } },
    });
    upstream = await startSpeechServer({ deps: { engines: upstreamEngines } });
    const tone = Int16Array.from({ length: 48_000 }, (_, i) =>
      Math.round(6000 * Math.sin((2 * Math.PI * 440 * i) / 48_000)),
    );
    monoOgg = await upstreamEngines.audio.encodeOggOpus(tone, 48_000);
  });
  afterAll(async () => {
    await upstream.close();
  });
  afterEach(() => {
    nock.cleanAll();
  });

  it('asks for the default voice nova and stores what the upstream spoke', async () => {
    let sent: Record<string, unknown> = {};
    const scope = nock(UPSTREAM, { reqheaders: { authorization: 'Bearer sk-tts' } })
      .post('/v1/audio/speech', (body) => {
        sent = body;
        return true;
      })
      .reply(200, monoOgg, { 'content-type': 'audio/ogg' });
    const { status, response } = await postTts(upstream, {
      session_id: 'sess-up',
      message_id: 'msg-up',
      text: 'Hello from upstream.',
    });
    expect(status).toBe(200);
    scope.done();
    expect(sent).toMatchObject({ voice: 'nova', input: 'Hello from upstream.' });
    expect(new URL(response.audio_url).pathname).toMatch(/\/msg-up\.ogg$/);
    const file = await download(response.audio_url);
    expect(file.bytes.equals(monoOgg)).toBe(true);
    expect(oggOpusChannels(file.bytes)).toBe(1);
  });

  it('answers a failed generation with `error` set and an empty audio_url (500)', async () => {
    const scope = nock(UPSTREAM)
      .post('/v1/audio/speech')
      .reply(500, { error: { message: 'The server had an error' } });
    const { status, response } = await postTts(upstream, {
      session_id: 'sess-up',
      message_id: 'msg-fail',
      text: 'This will fail.',
    });
    scope.done();
    expect(status).toBe(500);
    expect(response).toEqual({ audio_url: '', error: ErrorText.ttsFailed });
  });
});
