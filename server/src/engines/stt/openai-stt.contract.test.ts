import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient } from '../../net/outbound-client.js';
import { EngineFailedError } from '../engine.js';
import { OpenAiSttEngine } from './openai-stt.adapter.js';
import { TRANSCRIPTION_ERRORS, TRANSCRIPTIONS } from './openai-stt.recordings.js';

// The adapter against what real servers answer (openai-stt.recordings.ts says where each shape
// comes from): every one reads as the same transcript with times in milliseconds, and every error
// body reaches the 502 as its message.

const BASE = 'http://stt.upstream.test:8000';
const engine = new OpenAiSttEngine({ baseUrl: BASE, client: createOutboundClient(), model: 'whisper' });
const clip = new Int16Array(Math.round(3.2 * 16_000));

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('speech-to-text against recorded upstream answers', () => {
  it.each(TRANSCRIPTIONS)('reads $server verbose_json', async ({ status, body }) => {
    nock(BASE)
      .post('/v1/audio/transcriptions')
      .reply(status, body as nock.Body);
    const result = await engine.transcribe(clip, { languageHints: ['en'] });
    expect(result.text).toBe('Hello there. General Kenobi.');
    expect(result.language).toBe('en');
    expect(result.segments.map((s) => [s.text, s.startMs, s.endMs])).toEqual([
      ['Hello there.', 0, 1400],
      ['General Kenobi.', 1600, 3200],
    ]);
    for (const s of result.segments) {
      expect(s.confidence).toBeGreaterThan(0);
      expect(s.confidence).toBeLessThanOrEqual(1);
      for (const w of s.words ?? []) {
        expect(w.startMs).toBeGreaterThanOrEqual(s.startMs);
        expect(w.endMs).toBeLessThanOrEqual(s.endMs);
      }
    }
  });

  it('keeps word times and probabilities where the server gives words (speaches)', async () => {
    const speaches = TRANSCRIPTIONS.find((r) => r.server === 'speaches');
    nock(BASE)
      .post('/v1/audio/transcriptions')
      .reply(200, speaches?.body as nock.Body);
    const result = await engine.transcribe(clip);
    expect(result.segments[1]?.words).toEqual([
      { text: 'General', startMs: 1600, endMs: 2200, confidence: 0.88 },
      { text: 'Kenobi.', startMs: 2300, endMs: 3100, confidence: 0.74 },
    ]);
    expect(result.language).toBe('en');
  });

  it.each(TRANSCRIPTION_ERRORS)('maps a $server HTTP $status to a 502 with its message', async (error) => {
    nock(BASE)
      .post('/v1/audio/transcriptions')
      .reply(error.status, error.body as nock.Body);
    const failure = await engine.transcribe(clip).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(EngineFailedError);
    expect((failure as Error).message).toBe(
      `stt engine failed: upstream answered HTTP ${error.status}: ${error.message}`,
    );
  });
});
