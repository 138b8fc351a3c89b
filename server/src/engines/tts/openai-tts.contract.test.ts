import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient } from '../../net/outbound-client.js';
import { FfmpegAudioEngine } from '../audio/ffmpeg-audio.adapter.js';
import { resolveFfmpegPath } from '../audio/ffmpeg-process.js';
import { createOpenAiCompatibleClient } from '../llm/openai-compatible.client.js';
import { OpenAiTtsEngine, opusChannelCount } from './openai-tts.adapter.js';
import { SPEECH_ANSWERS, SPEECH_ERRORS, speechBody } from './openai-tts.recordings.js';

// The TTS adapter against what real servers answer (openai-tts.recordings.ts): every answer comes
// out as the one-channel OGG/Opus file the spec promises, and every error body reaches the 502.

const BASE = 'http://tts.upstream.test:8880';
const audio = new FfmpegAudioEngine();
const client = createOpenAiCompatibleClient({ baseUrl: BASE, outbound: createOutboundClient() });
const tts = new OpenAiTtsEngine({ client, audio, model: 'kokoro' });
const ffmpeg = resolveFfmpegPath().path ?? 'ffmpeg';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('text-to-speech against recorded upstream answers', () => {
  it.each(SPEECH_ANSWERS)('serves $server as mono OGG/Opus', async (answer) => {
    const body = await speechBody(ffmpeg, answer);
    nock(BASE).post('/v1/audio/speech').reply(200, body, { 'content-type': answer.contentType });
    const result = await tts.synthesize({ text: 'Hello there.' });
    expect(result.contentType).toBe('audio/ogg');
    expect(opusChannelCount(result.audio)).toBe(1);
    const decoded = await audio.decode(result.audio, { sampleRate: 16_000 });
    expect(Math.abs(decoded.length / 16_000 - 1)).toBeLessThan(0.1);
  });

  it.each(SPEECH_ERRORS)('maps a $server HTTP $status to a 502 with its message', async (error) => {
    nock(BASE)
      .post('/v1/audio/speech')
      .reply(error.status, error.body as nock.Body);
    await expect(tts.synthesize({ text: 'Hello there.' })).rejects.toMatchObject({
      name: 'EngineFailedError',
      engine: 'tts',
      message: `tts engine failed: upstream /audio/speech answered HTTP ${error.status}: ${error.message}`,
    });
  });
});
