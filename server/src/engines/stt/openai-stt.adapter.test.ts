import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient } from '../../net/outbound-client.js';
import { OutboundTimeoutError } from '../../net/outbound-errors.js';
import { EngineFailedError } from '../engine.js';
import { OpenAiSttEngine } from './openai-stt.adapter.js';

const BASE = 'https://stt.example.test';
const client = createOutboundClient();
const engine = new OpenAiSttEngine({ baseUrl: BASE, apiKey: 'sk-test', model: 'whisper-large-v3', client });
const second = Int16Array.from({ length: 16_000 }, (_, i) => Math.round(3000 * Math.sin(i / 5)));

const verbose = {
  task: 'transcribe',
  language: 'english',
  duration: 3.2,
  text: 'Hello there. General Kenobi.',
  segments: [
    { id: 0, start: 0.0, end: 1.4, text: ' Hello there.', avg_logprob: -0.105, no_speech_prob: 0.01 },
    { id: 1, start: 1.6, end: 3.2, text: ' General Kenobi.', avg_logprob: -0.5, no_speech_prob: 0.02 },
  ],
  words: [
    { word: 'Hello', start: 0.0, end: 0.5 },
    { word: 'there', start: 0.6, end: 1.3 },
    { word: 'General', start: 1.6, end: 2.2 },
    { word: 'Kenobi', start: 2.3, end: 3.1 },
  ],
};

/** nock hands a binary body over as hex. */
const asText = (body: string) =>
  /^[0-9a-f]+$/.test(body) ? Buffer.from(body, 'hex').toString('latin1') : body;

beforeAll(() => {
  nock.disableNetConnect();
});

afterEach(() => {
  nock.cleanAll();
});

afterAll(() => {
  nock.enableNetConnect();
});

describe('OpenAI-compatible STT adapter', () => {
  it('posts multipart WAV with model, verbose_json and hints, and maps the answer', async () => {
    let sent = '';
    const scope = nock(BASE, { reqheaders: { authorization: 'Bearer sk-test' } })
      .post('/v1/audio/transcriptions', (body: string) => {
        sent = asText(body);
        return true;
      })
      .reply(200, verbose);
    const result = await engine.transcribe(second, {
      languageHints: ['en-US'],
      contextKeywords: ['Kenobi', 'Parley'],
    });
    scope.done();
    expect(sent).toContain('name="model"\r\n\r\nwhisper-large-v3');
    expect(sent).toContain('name="response_format"\r\n\r\nverbose_json');
    expect(sent).toContain('name="language"\r\n\r\nen');
    expect(sent).toContain('name="prompt"\r\n\r\nKenobi, Parley');
    expect(sent).toContain('name="timestamp_granularities[]"\r\n\r\nword');
    expect(sent).toContain('filename="audio.wav"');
    expect(sent).toContain('RIFF');
    expect(result.text).toBe('Hello there. General Kenobi.');
    expect(result.language).toBe('en');
    expect(result.hintHonoured).toBe(true);
    expect(result.segments).toHaveLength(2);
    expect(result.segments[0]).toMatchObject({ text: 'Hello there.', startMs: 0, endMs: 1400 });
    expect(result.segments[0]?.confidence).toBeCloseTo(Math.exp(-0.105), 5);
    expect(result.segments[1]?.words?.map((w) => w.text)).toEqual(['General', 'Kenobi']);
    expect(result.confidence).toBeCloseTo((Math.exp(-0.105) + Math.exp(-0.5)) / 2, 5);
  });

  it('leaves detection to the upstream when several languages are hinted', async () => {
    let sent = '';
    nock(BASE)
      .post('/v1/audio/transcriptions', (body: string) => {
        sent = asText(body);
        return true;
      })
      .reply(200, {
        ...verbose,
        language: 'german',
        text: 'Hallo',
        segments: [{ start: 0, end: 1, text: 'Hallo', avg_logprob: -0.2 }],
      });
    const result = await engine.transcribe(second, { languageHints: ['fr', 'de'] });
    expect(sent).not.toContain('name="language"');
    expect(result.language).toBe('de');
    expect(result.hintHonoured).toBe(true);
  });

  it('keeps speakers when the upstream diarizes', async () => {
    nock(BASE)
      .post('/v1/audio/transcriptions')
      .reply(200, {
        text: 'a b',
        language: 'en',
        segments: [
          { start: 0, end: 1, text: 'a', speaker: 'SPEAKER_00' },
          { start: 1, end: 2, text: 'b', speaker: 1 },
        ],
      });
    const result = await engine.transcribe(second);
    expect(result.segments.map((s) => s.speaker)).toEqual(['SPEAKER_00', '1']);
  });

  it('turns an upstream error status into EngineFailedError', async () => {
    nock(BASE)
      .post('/v1/audio/transcriptions')
      .reply(500, { error: { message: 'boom' } });
    const error = await engine.transcribe(second).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineFailedError);
    expect((error as Error).message).toContain('HTTP 500');
  });

  it('turns garbage into EngineFailedError', async () => {
    nock(BASE).post('/v1/audio/transcriptions').reply(200, '<html>gateway</html>');
    await expect(engine.transcribe(second)).rejects.toBeInstanceOf(EngineFailedError);
  });

  it('times out as OutboundTimeoutError', async () => {
    nock(BASE).post('/v1/audio/transcriptions').delay(500).reply(200, verbose);
    const hasty = new OpenAiSttEngine({ baseUrl: BASE, client, timeoutMs: 100 });
    await expect(hasty.transcribe(second)).rejects.toBeInstanceOf(OutboundTimeoutError);
  });

  it('transcribes several clips in order', async () => {
    nock(BASE).post('/v1/audio/transcriptions').reply(200, { text: 'one', language: 'en' });
    nock(BASE).post('/v1/audio/transcriptions').reply(200, { text: 'two', language: 'en' });
    const results = await engine.transcribeMany([second, second]);
    expect(results.map((r) => r.text)).toEqual(['one', 'two']);
  });

  it('streams as finals only, with times from the stream start', async () => {
    nock(BASE).post('/v1/audio/transcriptions').times(2).reply(200, verbose);
    const stream = await engine.openStream();
    await stream.write(second);
    expect(await stream.partial()).toBe('');
    const first = await stream.finalize();
    await stream.write(second);
    const next = await stream.finalize();
    await stream.close();
    expect(first.segments[0]?.startMs).toBe(0);
    expect(next.segments[0]?.startMs).toBe(1000);
    expect(next.segments[1]?.words?.[0]?.startMs).toBe(2600);
    expect((await stream.finalize()).text).toBe('');
  });
});
