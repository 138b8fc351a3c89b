import nock from 'nock';
import { afterAll, describe, expect, it } from 'vitest';
import { createOutboundClient } from '../../net/outbound-client.js';
import { silence } from '../audio/test-speech.js';
import { ClassicalDiarizationEngine } from '../diarization/classical-diarization.adapter.js';
import { OpenAiSttEngine } from '../stt/openai-stt.adapter.js';
import { FvadEngine } from '../vad/fvad.adapter.js';
import { transcribeFile } from './file-transcription.js';

// The file pipeline with an upstream recognizer played by nock (in a file of its own: nock patches
// node:http for its whole process, see vitest.config.ts).

describe('file transcription with an upstream engine', () => {
  const BASE = 'https://upstream-stt.example.test';
  const upstream = new OpenAiSttEngine({ baseUrl: BASE, client: createOutboundClient() });

  afterAll(() => nock.cleanAll());

  it('sends the file once and keeps the upstream speakers, renumbered by first appearance', async () => {
    const scope = nock(BASE)
      .post('/v1/audio/transcriptions')
      .reply(200, {
        language: 'spanish',
        text: 'Hola. ¿Qué tal? Bien.',
        segments: [
          { start: 0.2, end: 0.9, text: 'Hola.', avg_logprob: -0.1, speaker: 'SPEAKER_07' },
          { start: 1.2, end: 2.0, text: '¿Qué tal?', avg_logprob: -0.2, speaker: 'SPEAKER_02' },
          { start: 2.4, end: 3.0, text: 'Bien.', avg_logprob: -0.3, speaker: 'SPEAKER_07' },
        ],
      });
    const result = await transcribeFile(
      silence(3000),
      { stt: upstream, vad: await FvadEngine.create(), diarization: new ClassicalDiarizationEngine() },
      { languageHints: ['es'] },
    );
    scope.done();
    expect(result.detected_language).toBe('es');
    expect(result.utterances).toEqual([
      { speaker: '0', text: 'Hola.', start_ms: 200, end_ms: 900, confidence: Math.exp(-0.1), language: 'es' },
      {
        speaker: '1',
        text: '¿Qué tal?',
        start_ms: 1200,
        end_ms: 2000,
        confidence: Math.exp(-0.2),
        language: 'es',
      },
      {
        speaker: '0',
        text: 'Bien.',
        start_ms: 2400,
        end_ms: 3000,
        confidence: Math.exp(-0.3),
        language: 'es',
      },
    ]);
  });
});
