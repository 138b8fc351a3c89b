import type { RecordedAnswer, RecordedError } from '../upstream-recording.js';

// Answers of real speech-to-text servers to POST /v1/audio/transcriptions (multipart, model,
// response_format=verbose_json, timestamp_granularities[]=segment and word), written field for
// field as each server's source builds them, for the same 3.2 s clip "Hello there. General
// Kenobi." Where each shape comes from:
// - openai: the verbose_json object of OpenAI's API reference (language as an English name,
//   top-level words without probability).
// - speaches (formerly faster-whisper-server): src/speaches/api_types.py,
//   CreateTranscriptionResponseVerboseJson — ISO code language, words both top level and per
//   segment, a speaker field on each.
// - whisper.cpp's whisper-server (--inference-path /v1/audio/transcriptions):
//   examples/server/server.cpp — language as an English name plus detected_language*, per-segment
//   "words" that are tokens (" Gen", "eral"), no top-level words.
// - LocalAI: core/schema/transcription.go — segments whose start/end are Go time.Duration values,
//   i.e. nanoseconds; no language, no duration.
// Errors: FastAPI's {"detail": ...} (speaches), OpenAI's {"error": {...}} (LocalAI too), and vLLM
// before 0.10, {"object": "error", "message", "type", "param", "code"}.

const segment = (id: number, start: number, end: number, text: string, avgLogprob: number) => ({
  id,
  seek: 0,
  start,
  end,
  text,
  tokens: [50364, 2425, 456, 13, 50434],
  temperature: 0,
  avg_logprob: avgLogprob,
  compression_ratio: 0.8,
  no_speech_prob: 0.01,
});

export const TRANSCRIPTIONS: RecordedAnswer[] = [
  {
    server: 'openai',
    status: 200,
    body: {
      task: 'transcribe',
      language: 'english',
      duration: 3.2,
      text: 'Hello there. General Kenobi.',
      words: [
        { word: 'Hello', start: 0, end: 0.5 },
        { word: 'there', start: 0.6, end: 1.3 },
        { word: 'General', start: 1.6, end: 2.2 },
        { word: 'Kenobi', start: 2.3, end: 3.1 },
      ],
      segments: [segment(0, 0, 1.4, ' Hello there.', -0.105), segment(1, 1.6, 3.2, ' General Kenobi.', -0.5)],
      usage: { type: 'duration', seconds: 4 },
    },
  },
  {
    server: 'speaches',
    status: 200,
    body: {
      task: 'transcribe',
      language: 'en',
      duration: 3.2,
      text: 'Hello there. General Kenobi.',
      words: [
        { start: 0, end: 0.5, word: ' Hello', probability: 0.97, speaker: null },
        { start: 0.6, end: 1.3, word: ' there.', probability: 0.92, speaker: null },
        { start: 1.6, end: 2.2, word: ' General', probability: 0.88, speaker: null },
        { start: 2.3, end: 3.1, word: ' Kenobi.', probability: 0.74, speaker: null },
      ],
      segments: [
        {
          ...segment(0, 0, 1.4, ' Hello there.', -0.105),
          words: [
            { start: 0, end: 0.5, word: ' Hello', probability: 0.97, speaker: null },
            { start: 0.6, end: 1.3, word: ' there.', probability: 0.92, speaker: null },
          ],
          speaker: null,
        },
        {
          ...segment(1, 1.6, 3.2, ' General Kenobi.', -0.5),
          words: [
            { start: 1.6, end: 2.2, word: ' General', probability: 0.88, speaker: null },
            { start: 2.3, end: 3.1, word: ' Kenobi.', probability: 0.74, speaker: null },
          ],
          speaker: null,
        },
      ],
    },
  },
  {
    server: 'whisper.cpp',
    status: 200,
    body: {
      task: 'transcribe',
      language: 'english',
      duration: 3.2,
      text: ' Hello there. General Kenobi.',
      segments: [
        {
          id: 0,
          text: ' Hello there.',
          start: 0,
          end: 1.4,
          tokens: [2425, 456, 13],
          words: [
            { word: ' Hello', start: 0, end: 0.5, t_dtw: -1, probability: 0.97 },
            { word: ' there', start: 0.6, end: 1.2, t_dtw: -1, probability: 0.93 },
            { word: '.', start: 1.2, end: 1.3, t_dtw: -1, probability: 0.9 },
          ],
          temperature: 0,
          avg_logprob: -0.105,
          no_speech_prob: 0.01,
        },
        {
          id: 1,
          text: ' General Kenobi.',
          start: 1.6,
          end: 3.2,
          tokens: [6996, 591, 18170, 13],
          words: [
            { word: ' Gen', start: 1.6, end: 1.9, t_dtw: -1, probability: 0.81 },
            { word: 'eral', start: 1.9, end: 2.2, t_dtw: -1, probability: 0.95 },
            { word: ' Ken', start: 2.3, end: 2.7, t_dtw: -1, probability: 0.7 },
            { word: 'obi.', start: 2.7, end: 3.1, t_dtw: -1, probability: 0.8 },
          ],
          temperature: 0,
          avg_logprob: -0.5,
          no_speech_prob: 0.02,
        },
      ],
      detected_language: 'english',
      detected_language_probability: 0.97,
      language_probabilities: { english: 0.97, welsh: 0.01 },
    },
  },
  {
    server: 'localai',
    status: 200,
    body: {
      segments: [
        { id: 0, start: 0, end: 1_400_000_000, text: ' Hello there.', tokens: [2425, 456, 13] },
        {
          id: 1,
          start: 1_600_000_000,
          end: 3_200_000_000,
          text: ' General Kenobi.',
          tokens: [6996, 18170, 13],
        },
      ],
      text: 'Hello there. General Kenobi.',
    },
  },
];

/** Each with the message the 502 must carry. */
export const TRANSCRIPTION_ERRORS: RecordedError[] = [
  {
    server: 'speaches',
    status: 404,
    body: { detail: "Model 'Systran/faster-whisper-large-v9' is not installed locally." },
    message: "Model 'Systran/faster-whisper-large-v9' is not installed locally.",
  },
  {
    server: 'speaches',
    status: 422,
    body: { detail: [{ type: 'missing', loc: ['body', 'file'], msg: 'Field required', input: null }] },
    message: 'body.file: Field required',
  },
  {
    server: 'vllm<0.10',
    status: 400,
    body: {
      object: 'error',
      message: 'Maximum clip duration (30s) exceeded.',
      type: 'BadRequestError',
      param: null,
      code: 400,
    },
    message: 'Maximum clip duration (30s) exceeded.',
  },
  {
    server: 'localai',
    status: 500,
    body: { error: { code: 500, message: 'could not load model: rpc error', type: '' } },
    message: 'could not load model: rpc error',
  },
];
