import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient } from '../../net/outbound-client.js';
import { FfmpegAudioEngine } from '../audio/ffmpeg-audio.adapter.js';
import { resolveFfmpegPath, runFfmpeg } from '../audio/ffmpeg-process.js';
import { pcmToBytes } from '../audio/pcm.js';
import { createOpenAiCompatibleClient } from '../llm/openai-compatible.client.js';
import { OpenAiTtsEngine, opusChannelCount } from './openai-tts.adapter.js';

const BASE = 'https://tts.upstream.test';
const audio = new FfmpegAudioEngine();
const client = createOpenAiCompatibleClient({
  baseUrl: `${BASE}/v1/`,
  apiKey: 'sk-test',
  outbound: createOutboundClient(),
});
const tts = new OpenAiTtsEngine({ client, audio });

function tone(seconds: number, channels: number): Int16Array {
  const pcm = new Int16Array(48_000 * seconds * channels);
  for (let i = 0; i < pcm.length; i++)
    pcm[i] = Math.round(6000 * Math.sin((2 * Math.PI * 440 * i) / channels / 48_000));
  return pcm;
}

let monoOgg: Buffer;
let stereoOgg: Buffer;

beforeAll(async () => {
  monoOgg = await audio.encodeOggOpus(tone(1, 1), 48_000);
  const ffmpeg = resolveFfmpegPath().path ?? 'ffmpeg';
  stereoOgg = await runFfmpeg(
    ffmpeg,
    ['-f', 's16le', '-ar', '48000', '-ac', '2', '-i', 'pipe:0', '-c:a', 'libopus', '-f', 'ogg', 'pipe:1'],
    { input: pcmToBytes(tone(1, 2)) },
  );
});

afterEach(() => {
  nock.cleanAll();
});

describe('OpenAI-compatible text-to-speech', () => {
  it('posts model, input, the default voice nova and response_format opus, with the bearer key', async () => {
    let sent: unknown;
    const scope = nock(BASE, { reqheaders: { authorization: 'Bearer sk-test' } })
      .post('/v1/audio/speech', (body) => {
        sent = body;
        return true;
      })
      .reply(200, monoOgg, { 'content-type': 'audio/ogg' });
    const result = await tts.synthesize({ text: 'Hello there.' });
    expect(sent).toEqual({ model: 'tts-1', input: 'Hello there.', voice: 'nova', response_format: 'opus' });
    expect(result).toMatchObject({ contentType: 'audio/ogg', voice: 'nova' });
    expect(result.audio.equals(monoOgg)).toBe(true);
    scope.done();
  });

  it('uses a configured voice and model', async () => {
    const custom = new OpenAiTtsEngine({ client, audio, model: 'kokoro', voice: 'af_bella' });
    nock(BASE)
      .post('/v1/audio/speech', { model: 'kokoro', input: 'Hi.', voice: 'af_bella', response_format: 'opus' })
      .reply(200, monoOgg);
    expect((await custom.synthesize({ text: 'Hi.' })).voice).toBe('af_bella');
  });

  it('downmixes a stereo answer so the file is single-channel as the spec says', async () => {
    expect(opusChannelCount(stereoOgg)).toBe(2);
    nock(BASE).post('/v1/audio/speech').reply(200, stereoOgg);
    const result = await tts.synthesize({ text: 'Stereo please.' });
    expect(opusChannelCount(result.audio)).toBe(1);
    const decoded = await audio.decode(result.audio, { sampleRate: 16_000 });
    expect(Math.abs(decoded.length / 16_000 - 1)).toBeLessThan(0.1);
  });

  it('turns an upstream error into EngineFailedError carrying the upstream message', async () => {
    nock(BASE)
      .post('/v1/audio/speech')
      .reply(429, { error: { message: 'Rate limit reached' } });
    await expect(tts.synthesize({ text: 'Hello.' })).rejects.toMatchObject({
      name: 'EngineFailedError',
      engine: 'tts',
      message: expect.stringContaining('HTTP 429: Rate limit reached'),
    });
  });

  it('refuses an answer that is not audio', async () => {
    nock(BASE).post('/v1/audio/speech').reply(200, { detail: 'ok' });
    await expect(tts.synthesize({ text: 'Hello.' })).rejects.toMatchObject({
      name: 'EngineFailedError',
      message: expect.stringContaining('did not return audio'),
    });
  });

  it('reports an unreachable upstream as EngineFailedError', async () => {
    nock(BASE).post('/v1/audio/speech').replyWithError('connect ECONNREFUSED');
    await expect(tts.synthesize({ text: 'Hello.' })).rejects.toMatchObject({ name: 'EngineFailedError' });
  });

  it('refuses blank text without calling the upstream', async () => {
    await expect(tts.synthesize({ text: '   ' })).rejects.toMatchObject({ name: 'TtsInputError' });
  });
});
