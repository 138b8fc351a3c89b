import { encodeSttRequest, PROTO_CONTENT_TYPE } from '@parley/schemas/proto';
import type { SttRequest } from '@parley/schemas/types';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureById, postRaw, startSpeechRig, TWO_VOICES } from '../../../../test-support/speech-server.js';
import { expectSchema } from '../../../../test-support/test-server.js';
import { englishSentences, fixtureFiles } from '../../../engines/audio/fixture-audio.js';
import { corpusWer, wordErrorRate } from '../../../engines/stt/wer.js';
import type { SttResult } from '../../../services/speech/stt.service.js';

// POST /v1/stt over real HTTP: the audio_url points at a static host on 127.0.0.1, which the test
// server may reach because its configuration allows private addresses (PARLEY_ALLOW_PRIVATE_URLS).

const { host, server, close } = await startSpeechRig();
afterAll(close);

const sttPath = (key: string) => `/v1/stt?api_key=${encodeURIComponent(key)}`;

/** At most a third of the words wrong: the transcript is of this file, not of nothing or another. */
function expectSpoken(file: { text: string }, result: SttResult): void {
  expect(wordErrorRate(file.text, result.text).wer, result.text).toBeLessThanOrEqual(1 / 3);
}

async function transcribe(body: Partial<SttRequest>): Promise<SttResult> {
  const reply = await server.post<SttResult>(sttPath(server.alice.key), body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expectSchema('stt.response', reply.body);
  return reply.body;
}

describe('POST /v1/stt on the fixtures', () => {
  it('transcribes English speakers within 15% word error rate', async () => {
    const files = englishSentences('route');
    expect(files.length).toBe(12);
    const pairs = [];
    for (const file of files) {
      const result = await transcribe({ audio_url: host.fixture(file.path) });
      expect(result.detected_language).toBe('en');
      pairs.push({ reference: file.text, hypothesis: result.text });
    }
    expect(corpusWer(pairs).wer, JSON.stringify(pairs, null, 1)).toBeLessThanOrEqual(0.15);
  });

  it('decodes every container format of the fixtures', async () => {
    const files = fixtureFiles((f) => f.path.startsWith('formats/'));
    expect(files.map((f) => f.format).sort()).toEqual(['flac', 'm4a', 'mp3', 'ogg', 'webm']);
    for (const file of files) {
      const result = await transcribe({ audio_url: host.fixture(file.path) });
      expect(wordErrorRate(file.text, result.text).wer, `${file.format}: ${result.text}`).toBeLessThanOrEqual(
        0.3,
      );
    }
  });

  // Two voices, one sentence each (~6 s): the route's part is the flag; how well speakers are told
  // apart over the conversation fixtures is the pipeline's test (file-transcription.test.ts).
  it('tells the two speakers of a conversation apart, and gives one speaker without diarization', async () => {
    const audioUrl = await host.conversation('two-speakers.wav', TWO_VOICES);
    const diarized = await transcribe({ audio_url: audioUrl });
    expect(new Set(diarized.utterances.map((u) => u.speaker))).toEqual(new Set(['0', '1']));
    expect(diarized.utterances[0]?.speaker).toBe('0');
    for (const u of diarized.utterances) expect(u.end_ms).toBeGreaterThan(u.start_ms);
    expectSpoken({ text: TWO_VOICES.map((id) => fixtureById(id).text).join(' ') }, diarized);

    const single = await transcribe({ audio_url: audioUrl, enable_diarization: false });
    expect(single.utterances.length).toBeGreaterThan(1);
    expect(new Set(single.utterances.map((u) => u.speaker))).toEqual(new Set(['0']));
  });

  it('takes the same request as protobuf and answers the same JSON result', async () => {
    const audioUrl = host.fixture(fixtureById('en-rms-04').path);
    const viaJson = await transcribe({ audio_url: audioUrl, session_id: 'sess-json' });
    const reply = await postRaw(
      `${server.url}${sttPath(server.alice.key)}`,
      encodeSttRequest({ audio_url: audioUrl, session_id: 'sess-proto', language_hints: ['en, de'] }),
      PROTO_CONTENT_TYPE,
    );
    expect(reply.status).toBe(200);
    expect(reply.type).toContain('application/json');
    const viaProto = reply.json() as SttResult;
    expectSchema('stt.response', viaProto);
    expect(viaProto.session_id).toBe('sess-proto');
    expect(viaProto.text).toBe(viaJson.text);
  });

  it('generates a session id when none is given, and accepts the legacy language_hint', async () => {
    const file = fixtureById('en-rms-08');
    const result = await transcribe({ audio_url: host.fixture(file.path), language_hint: 'en-US' });
    expect(result.session_id).toMatch(/^sess_/);
    expectSpoken(file, result);
  });

  it('keeps only the first 3 hints: a 4th hint the engine supports does not count', async () => {
    const file = fixtureById('en-rms-08');
    const audioUrl = host.fixture(file.path);
    const reply = await server.post(sttPath(server.alice.key), {
      audio_url: audioUrl,
      language_hints: 'de, fr, ja, en',
    });
    expect(reply.status).toBe(503);
    expect(reply.body).toMatchObject({ code: 'ENGINE_UNAVAILABLE' });
    expect((reply.body as { error: string }).error).toContain("'de', 'fr', 'ja'");
    expect((reply.body as { error: string }).error).toContain('PARLEY_STT_URL');
    // With English among the first three, the same file is transcribed.
    expectSpoken(file, await transcribe({ audio_url: audioUrl, language_hints: ['de', 'en', 'fr', 'ja'] }));
  });

  it('accepts context keywords beyond the 2000-character budget (extras are dropped)', async () => {
    const keywords = Array.from({ length: 400 }, () => 'Monday');
    const file = fixtureById('en-rms-09');
    expectSpoken(file, await transcribe({ audio_url: host.fixture(file.path), context_keywords: keywords }));
  });
});
