import type { Json } from '../blind/edits.js';
import { editJson } from '../variant-edits.js';
import { pathOf } from '../variant-proxy.js';
import {
  oggStereo,
  omittedAs,
  refusing,
  reworded,
  sttResult,
  sttUtterances,
  ttsAsJson,
  ttsErrorOnSuccess,
} from './edits-speech.js';
import type { FactViolation } from './fact-violation.js';
import { faulted, proxied } from './fact-violation.js';

// Deployments that each break one fact of src/checks/speech/speech.facts.ts.

const f = (id: string) => `speech.${id}`;

export const speechViolations: readonly FactViolation[] = [
  faulted(f('stt.body.protobuf'), 'stt-protobuf-refused', 'a protobuf body refused (415)'),
  proxied(
    f('stt.enable_diarization.default'),
    'omitted-as-false',
    'enable_diarization left out read as false: one speaker',
    () => omittedAs('/v1/stt', 'enable_diarization', false),
  ),
  faulted(
    f('stt.language_hints.limit'),
    'stt-hints-keep-last',
    'the last three hints kept, not the first three',
  ),
  faulted(f('stt.language_hints.limit'), 'stt-fourth-hint-refused', 'a fourth hint refused'),
  faulted(f('stt.language_hints.comma'), 'stt-comma-hints-refused', 'comma-separated hints refused'),
  proxied(
    f('stt.language_hints.omitted'),
    'omitted-as-de',
    'no hints read as German, not automatic detection',
    () => omittedAs('/v1/stt', 'language_hints', ['de']),
  ),
  faulted(f('stt.language_hint.legacy'), 'stt-legacy-hint-refused', 'the legacy language_hint refused'),
  faulted(f('stt.context_keywords.limit'), 'stt-keywords-refused', 'keywords past 2000 characters refused'),
  proxied(f('stt.context_keywords.comma'), 'comma-refused', 'comma-separated keywords refused (400)', () =>
    refusing('/v1/stt', (b) => typeof b.context_keywords === 'string'),
  ),
  proxied(f('stt.text.content'), 'first-utterance', 'text holds the first utterance only', () =>
    sttResult((r) => ({ ...r, text: (r.utterances as Json[])[0]?.text ?? '' })),
  ),
  faulted(f('stt.detected_language.enum'), 'stt-unknown-language', 'detected_language not a spec code'),
  proxied(f('stt.confidence.range'), 'percent', 'confidence as a percentage (0 to 100)', () =>
    sttResult((r) => ({ ...r, confidence: Number(r.confidence) * 100 })),
  ),
  proxied(f('stt.confidence.average'), 'not-average', 'confidence a fixed 0.99, not the average', () =>
    sttResult((r) => ({ ...r, confidence: 0.99 })),
  ),
  proxied(f('stt.utterances.presence'), 'empty', 'no utterances for speech', () =>
    sttResult((r) => ({ ...r, utterances: [] })),
  ),
  faulted(f('stt.utterances.speaker.enum'), 'stt-speaker-labels', 'speakers "A", "B", ...'),
  proxied(f('stt.utterances.speaker.type'), 'number', 'speaker as a number', () =>
    sttUtterances((u) => ({ ...u, speaker: Number(u.speaker) })),
  ),
  proxied(f('stt.utterances.text.type'), 'dropped', 'utterances without text', () =>
    sttUtterances(({ text: _, ...u }) => u),
  ),
  proxied(
    f('stt.utterances.start_ms.type'),
    'fraction',
    'start_ms and end_ms with fractions of a millisecond',
    () =>
      sttUtterances((u) => ({ ...u, start_ms: Number(u.start_ms) + 0.5, end_ms: Number(u.end_ms) + 0.5 })),
  ),
  proxied(f('stt.utterances.start_ms.unit'), 'seconds', 'start_ms and end_ms in whole seconds', () =>
    sttUtterances((u) => ({
      ...u,
      start_ms: Math.floor(Number(u.start_ms) / 1000),
      end_ms: Math.ceil(Number(u.end_ms) / 1000),
    })),
  ),
  proxied(f('stt.utterances.confidence.type'), 'string', 'utterance confidence as a string', () =>
    sttUtterances((u) => ({ ...u, confidence: String(u.confidence) })),
  ),
  proxied(f('stt.utterances.language.type'), 'dropped', 'utterances without language', () =>
    sttUtterances(({ language: _, ...u }) => u),
  ),
  faulted(f('stt.languages.enum'), 'stt-unknown-language', 'a language outside the 60 codes'),
  proxied(f('tts.protobuf'), 'json-answer', 'TTS answers JSON, not a SessionTTSResponse', ttsAsJson),
  proxied(f('tts.error.success-empty'), 'set', 'TTS sets error "OK" beside its audio_url', ttsErrorOnSuccess),
  faulted(f('tts.text.language'), 'tts-english-only', 'TTS fails on French'),
  faulted(f('tts.audio_url.container'), 'broken-ogg', 'the TTS file is not OGG/Opus'),
  proxied(f('tts.audio_url.channels'), 'stereo', 'the TTS file is two-channel Opus', oggStereo),
  faulted(f('tts.audio_url.signed'), 'signed-url-unchecked', 'a tampered signature served'),
  faulted(f('tts.languages.enum'), 'tts-english-only', 'French, one of the 57, not spoken'),
  faulted(f('denoise.atten_limit_db.range'), 'denoise-atten-max-refused', 'atten_limit_db 100 refused'),
  faulted(f('denoise.atten_limit_db.range'), 'denoise-atten-past-500', 'a 500 past the range'),
  proxied(f('denoise.atten_limit_db.zero'), 'zero-refused', 'atten_limit_db 0 refused (400)', () =>
    refusing('/v1/denoise', (b) => b.atten_limit_db === 0),
  ),
  faulted(f('denoise.url.format'), 'broken-m4a', 'the denoised file is not M4A/AAC'),
  proxied(
    f('denoise.applied_atten_db.default'),
    'echoes-zero',
    'atten_limit_db 0 answered as 0 dB applied',
    () => ({
      answer: editJson(
        (req, a) =>
          pathOf(req) === '/v1/denoise' &&
          a.status === 200 &&
          /"atten_limit_db":0[,}]/.test(req.body.toString('utf8')),
        (b) => ('applied_atten_db' in b ? { ...b, applied_atten_db: 0 } : b),
      ),
    }),
  ),
  proxied(f('denoise.applied_atten_db.type'), 'string', 'applied_atten_db as a string', () => ({
    answer: editJson(
      (req, a) => pathOf(req) === '/v1/denoise' && a.status === 200,
      (b) => ('applied_atten_db' in b ? { ...b, applied_atten_db: `${b.applied_atten_db} dB` } : b),
    ),
  })),
  proxied(f('denoise.frame_lsnr_db.type'), 'number', 'frame_lsnr_db one number, not a list', () => ({
    answer: editJson(
      (req, a) => pathOf(req) === '/v1/denoise' && a.status === 200,
      (b) => {
        const frames = Array.isArray(b.frame_lsnr_db) ? (b.frame_lsnr_db as number[]) : undefined;
        return frames ? { ...b, frame_lsnr_db: frames.reduce((s, x) => s + x, 0) / frames.length } : b;
      },
    ),
  })),
  proxied(f('translate.formatting'), 'lines-joined', 'line breaks of the text lost', () => ({
    answer: editJson(
      (req, a) => pathOf(req) === '/v1/translate-text' && a.status === 200,
      (b) => JSON.parse(JSON.stringify(b).replace(/\\n/g, ' ')) as Json,
    ),
  })),
  faulted(f('translate.text.limit'), 'translate-long-text-refused', '100,000 characters refused'),
  faulted(f('translate.target_languages.limit'), 'translate-ten-targets-refused', 'ten targets refused'),
  faulted(f('translate.target_languages.names'), 'translate-names-refused', 'a language by name refused'),
  proxied(
    f('translate.source_language.default'),
    'omitted-as-es',
    'source_language left out read as Spanish',
    () => omittedAs('/v1/translate-text', 'source_language', 'es'),
  ),
  proxied(f('translate.source_language.names'), 'name-refused', 'source_language by name refused (422)', () =>
    refusing('/v1/translate-text', (b) => b.source_language === 'English', 422),
  ),
  proxied(f('errors.missing-key'), 'reworded', '401 says "Unauthorized"', () =>
    reworded('Missing authorization', 'Unauthorized'),
  ),
  proxied(f('errors.invalid-key'), 'reworded', '401 says "Forbidden"', () =>
    reworded('Invalid API key', 'Forbidden'),
  ),
  proxied(f('errors.empty-body'), 'reworded', '400 says "Bad Request"', () =>
    reworded('Empty request body', 'Bad Request'),
  ),
  faulted(f('errors.missing-audio-url'), 'stt-error-text', 'Missing audio_url worded differently'),
  proxied(f('errors.missing-tts-field'), 'reworded', '400 says "text is required"', () =>
    reworded('Missing session_id, message_id, or text', 'text is required'),
  ),
  proxied(f('errors.invalid-json'), 'reworded', '400 says "Malformed body"', () =>
    reworded('Invalid JSON', 'Malformed body'),
  ),
  faulted(f('limits.language_hints'), 'stt-hints-keep-last', 'the last three hints kept'),
  faulted(f('limits.context_keywords'), 'stt-keywords-refused', 'keywords past 2000 characters refused'),
  faulted(f('limits.translate-text'), 'translate-long-text-refused', '100,000 characters refused'),
  faulted(f('limits.target_languages'), 'translate-ten-targets-refused', 'ten targets refused'),
  faulted(f('limits.atten_limit_db'), 'denoise-atten-max-refused', 'atten_limit_db 100 refused'),
];
