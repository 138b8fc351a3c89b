import type { Fact } from '../../facts/fact.js';
import { judged, unjudged } from './speech-fact.js';

// The speech routes themselves (their paths, how their key is sent) and the sentences that sum up
// the speech part of the service or introduce a table, one per clause.

const SUMS_UP = 'sums up the service: each part is a fact of its own under its route';

export const speechRouteFacts: readonly Fact[] = [
  unjudged(
    'service.stt',
    'descriptive',
    'descriptive',
    'S-what-the-service-does-08',
    'File speech-to-text with speaker diarization; live speech-to-text over WebSocket with interim and final results.',
    `${SUMS_UP} (speech.stt.*, stream.*)`,
  ),
  judged(
    'service.language-detection',
    'content',
    'MUST',
    'S-what-the-service-does-09',
    'Language detection is automatic across 60 languages (the detected language one of the 60 codes)',
    ['speech.01.stt-fixture'],
  ),
  unjudged(
    'service.tts',
    'descriptive',
    'descriptive',
    'S-what-the-service-does-10',
    'Text-to-speech: text in, signed download URL of an OGG/Opus audio file out, over 57 languages with automatic language detection.',
    `${SUMS_UP} (speech.tts.*)`,
  ),
  unjudged(
    'service.denoise',
    'descriptive',
    'descriptive',
    'S-what-the-service-does-11',
    'Audio noise reduction: an audio URL in, a signed URL of a denoised M4A (AAC) file out.',
    `${SUMS_UP} (speech.denoise.*)`,
  ),
  unjudged(
    'service.translate',
    'descriptive',
    'descriptive',
    'S-what-the-service-does-12',
    'Text translation of plain text into up to 10 target languages.',
    `${SUMS_UP} (speech.translate.*)`,
  ),
  judged('stt.route', 'protocol', 'MUST', 'S-file-speech-to-text-01', '`POST {base_url}/v1/stt`.', [
    'speech.01.stt-fixture',
  ]),
  judged(
    'stt.audio_url.read',
    'content',
    'MUST',
    'S-file-speech-to-text-03',
    'audio_url | string | yes | public audio file URL (the audio transcribed)',
    ['speech.01.stt-fixture'],
  ),
  judged(
    'stt.response',
    'type',
    'MUST',
    'S-file-speech-to-text-08',
    'Response: File speech-to-text result.',
    ['speech.01.stt-fixture'],
  ),
  judged('tts.route', 'protocol', 'MUST', 'S-text-to-speech-01', '`POST {base_url}/v1/tts`.', [
    'speech.03.tts-ogg-opus',
  ]),
  judged('tts.session_id.required', 'error', 'MUST', 'S-text-to-speech-03', 'session_id | string | yes |', [
    'speech.02.error-table',
  ]),
  unjudged(
    'tts.proto-layout',
    'descriptive',
    'descriptive',
    'S-text-to-speech-09',
    'Field numbers and wire layout of the protobuf messages: not shown.',
    'not shown: a deployment names its layout (--proto); the allowed variant proto-other-layout-tts passes',
  ),
  judged(
    'translate.route',
    'protocol',
    'MUST',
    'S-text-translation-01',
    '`POST {base_url}/v1/translate-text`.',
    ['speech.06.translate-text'],
  ),
  judged(
    'auth.query-key',
    'auth',
    'MUST',
    'S-authentication-04',
    'File speech-to-text, text-to-speech and live speech-to-text: the key is sent as the query parameter `api_key=<API_KEY>`.',
    ['speech.02.error-table'],
  ),
  unjudged(
    'auth.authorization-query',
    'auth',
    'descriptive',
    'S-authentication-05',
    'For file speech-to-text and text-to-speech the query parameters `api_key` and `authorization` (both optional string) are declared.',
    'declares `authorization` without saying what it carries or what it does: no answer to it can be wrong',
  ),
  unjudged(
    'errors.table',
    'descriptive',
    'descriptive',
    'S-errors-04',
    'Speech-to-text and text-to-speech errors:',
    'introduces the error table: each row is a fact of its own (speech.errors.*)',
  ),
  unjudged(
    'limits.audio-size',
    'limit',
    'descriptive',
    'S-limits-18',
    'Maximum audio duration and file size: not shown.',
    'not shown: no bound to hold a deployment to',
  ),
];
