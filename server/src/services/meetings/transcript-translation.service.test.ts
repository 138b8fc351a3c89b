import type {
  GetLiveTranscriptionChunksResponse,
  GetTranscriptUtterancesResponse,
} from '@parley/schemas/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireApertium } from '../../../test-support/apertium.js';
import {
  expectSchema,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../test-support/test-server.js';
import { createFastTextLangId } from '../../engines/langid/fasttext-langid.adapter.js';
import type { LiveSessionRecorder } from '../../engines/stt/live-stt.contract.js';
import type { TranslateEngine } from '../../engines/translate/translate.engine.js';
import { createTranslator } from '../../engines/translate/translator.js';

// Translated transcripts through the real routes: a meeting with translation languages, a final
// utterance stored by the live results sink, the queue translating it with the local Apertium
// engine, and pollers seeing the texts appear (updated_at moved). Runs on SQLite and PostgreSQL.

const EPOCH = '1970-01-01T00:00:00Z';

async function meetingWith(server: TestServer, host: TestUser, languages: string[]): Promise<string> {
  const setting = await server.call('update-user-default-meeting-setting', host.key, {
    original_languages: ['en'],
    translation_languages: languages,
  });
  expect(setting.status).toBe(200);
  const created = await server.call<{ meeting: { id: string } }>('create-meeting', host.key, {
    title: 'Sync',
  });
  return created.body.meeting.id;
}

async function recorder(server: TestServer, host: TestUser, meetingId: string, sessionId: string) {
  const caller = await server.services.accounts.authenticate(host.key);
  if (!caller) throw new Error('test user has no caller');
  const recorder = await server.services.liveResults.openSession({
    sessionId,
    caller,
    meetingId,
    format: 'json',
    encoding: 'pcm16',
    reduceNoise: false,
    languageHints: ['en'],
    contextKeywords: [],
    enableDiarization: true,
    startedAtMicros: Date.now() * 1000,
  });
  return recorder as LiveSessionRecorder;
}

async function utterances(server: TestServer, key: string, meetingId: string, after = EPOCH) {
  const reply = await server.call<GetTranscriptUtterancesResponse>('get-transcript-utterances', key, {
    meeting_id: meetingId,
    last_updated_at: after,
  });
  expectSchema('get-transcript-utterances.response', reply.body);
  return reply.body.utterances;
}

describe('transcript translation', { timeout: 120_000 }, () => {
  let server: TestServer;
  let engine: TranslateEngine;
  let host: TestUser;
  beforeAll(async () => {
    engine = createTranslator(requireApertium(), createFastTextLangId());
    server = await startTestServer({ serviceDeps: { translate: engine } });
    host = await server.user('Host');
  });
  afterAll(async () => {
    await server?.close();
    engine?.close?.();
  });

  it('translates a final utterance into the meeting languages, in the utterance and the chunk', async () => {
    // German has no installed pair: left out of texts, logged, and the other languages still arrive.
    const meetingId = await meetingWith(server, host, ['es', 'fr', 'de']);
    const live = await recorder(server, host, meetingId, 'session-1');
    await live.onFinal({
      id: 'utt-1',
      text: 'We will ship the release on Thursday.',
      startMs: 0,
      endMs: 2400,
      confidence: 0.9,
      language: 'en',
    });
    await server.services.transcriptTranslation.idle();
    const changed = await utterances(server, host.key, meetingId);
    expect(changed).toHaveLength(1);
    expect(changed[0]?.texts).toEqual({
      es: expect.stringMatching(/jueves/),
      fr: expect.stringMatching(/jeudi/),
    });
    // updated_at moved past the insert, so a poller holding the first version receives it again.
    expect(Date.parse(changed[0]?.updated_at ?? '')).toBeGreaterThan(
      Date.parse(changed[0]?.created_at ?? ''),
    );
    expect(changed[0]?.transcript).toBe('We will ship the release on Thursday.');

    const chunks = await server.call<GetLiveTranscriptionChunksResponse>(
      'get-live-transcription-chunks',
      host.key,
      {
        meeting_id: meetingId,
        last_updated_at: EPOCH,
      },
    );
    expectSchema('get-live-transcription-chunks.response', chunks.body);
    expect(chunks.body.chunks[0]).toMatchObject({ id: 'utt-1', is_final: true, texts: changed[0]?.texts });
  });

  it('translates a corrected utterance again', async () => {
    const meetingId = await meetingWith(server, host, ['es']);
    const live = await recorder(server, host, meetingId, 'session-2');
    await live.onFinal({
      id: 'utt-2',
      text: 'The budget is ready.',
      startMs: 0,
      endMs: 1000,
      confidence: 0.8,
      language: 'en',
    });
    await server.services.transcriptTranslation.idle();
    const [first] = await utterances(server, host.key, meetingId);
    expect(first?.texts.es).toMatch(/presupuesto/);

    const updated = await server.call('update-transcript-utterance', host.key, {
      id: 'utt-2',
      meeting_id: meetingId,
      transcript: 'The meeting is over.',
    });
    expect(updated.status).toBe(200);
    await server.services.transcriptTranslation.idle();
    const [second] = await utterances(server, host.key, meetingId);
    expect(second?.transcript).toBe('The meeting is over.');
    expect(second?.texts.es).toMatch(/reunión/);
    expect(second?.texts.es).not.toMatch(/presupuesto/);
  });
});

describe('transcript translation when the engine fails', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A test double: the engine is up but every call fails, as an upstream outage would.
    const failing: TranslateEngine = {
      status: () => ({ engine: 'translate', adapter: 'failing', available: true }),
      translate: () => Promise.reject(new Error('upstream down')),
    };
    server = await startTestServer({ serviceDeps: { translate: failing } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores the final untranslated and keeps the stream going', async () => {
    const host = await server.user('Host');
    const meetingId = await meetingWith(server, host, ['es']);
    const live = await recorder(server, host, meetingId, 'session-3');
    await live.onFinal({
      id: 'utt-3',
      text: 'Hello there.',
      startMs: 0,
      endMs: 900,
      confidence: 0.7,
      language: 'en',
    });
    await live.onFinal({
      id: 'utt-4',
      text: 'Second line.',
      startMs: 900,
      endMs: 1800,
      confidence: 0.7,
      language: 'en',
    });
    await server.services.transcriptTranslation.idle();
    const all = await utterances(server, host.key, meetingId);
    expect(all.map((u) => [u.id, u.texts])).toEqual([
      ['utt-3', {}],
      ['utt-4', {}],
    ]);
  });
});
