import type { Variant } from '../../variant-edits.js';
import { pathOf } from '../../variant-proxy.js';
import { editBody, itemsOf, type Json, onAnswer, reply, validation422 } from '../edits.js';
import { askedJson, errorBody, onJson, queryOf } from './edits5.js';

// Violations of the fifth blind set on file speech-to-text, text-to-speech, denoise and
// translate-text. Each breaks one fact the spec states, quoted in `allows`.

const STT = '/v1/stt';
const num = (v: unknown, f: (n: number) => number) => (typeof v === 'number' ? f(v) : v);
const sttResult = (edit: (b: Json) => Json) =>
  onAnswer(STT, (b, s) => [s, s === 200 && typeof b.text === 'string' ? edit(b) : b]);

export const SET5_SPEECH_VIOLATIONS: Variant[] = [
  {
    id: 's5-stt-confidence-percent',
    area: 'speech',
    allows: 'confidence | number | average, 0 to 1',
    only: [],
    hooks: () =>
      sttResult((b) => ({ ...b, confidence: num(b.confidence, (n) => Math.round(n * 1000) / 10) })),
  },
  {
    id: 's5-stt-times-in-seconds',
    area: 'speech',
    allows: 'utterances[].start_ms, utterances[].end_ms | integer | milliseconds',
    only: [],
    // Times passed through from an engine that counts seconds.
    hooks: () =>
      sttResult((b) => ({
        ...b,
        utterances: itemsOf(b, 'utterances').map((u) => ({
          ...u,
          start_ms: num(u.start_ms, (n) => n / 1000),
          end_ms: num(u.end_ms, (n) => n / 1000),
        })),
      })),
  },
  {
    id: 's5-stt-speaker-integer',
    area: 'speech',
    allows: 'utterances[].speaker | string | "0", "1", "2", ...',
    only: [],
    hooks: () =>
      sttResult((b) => ({
        ...b,
        utterances: itemsOf(b, 'utterances').map((u) =>
          typeof u.speaker === 'string' ? { ...u, speaker: Number(u.speaker) } : u,
        ),
      })),
  },
  {
    id: 's5-stt-text-last-utterance',
    area: 'speech',
    allows: 'text | string | full transcript',
    only: [],
    // The transcript overwritten by each segment in turn: only the last one is left.
    hooks: () =>
      sttResult((b) => {
        const last = itemsOf(b, 'utterances').at(-1);
        return last && itemsOf(b, 'utterances').length > 1 ? { ...b, text: last.text } : b;
      }),
  },
  {
    id: 's5-stt-diarization-default-off',
    area: 'speech',
    allows: 'enable_diarization | boolean | no | default true',
    only: [],
    hooks: () => ({
      request: (req) => {
        if (pathOf(req) !== STT || !/json/.test(req.headers.get('content-type') ?? '')) return req;
        return editBody(STT, (b) =>
          b.enable_diarization === undefined ? { ...b, enable_diarization: false } : b,
        )(req);
      },
    }),
  },
  {
    id: 's5-stt-comma-hints-refused',
    area: 'speech',
    allows: 'language_hints | string[] or comma-separated string | no | at most 3 kept, extras dropped',
    only: [],
    hooks: () =>
      onAnswer(STT, (b, s, asked) =>
        typeof asked.language_hints === 'string'
          ? validation422('language_hints', 'Input should be a valid list', 'list_type', asked.language_hints)
          : [s, b],
      ),
  },
  {
    id: 's5-stt-legacy-hint-refused',
    area: 'speech',
    allows: 'legacy single-string `language_hint` also accepted',
    only: [],
    hooks: () =>
      onAnswer(STT, (b, s, asked) =>
        asked.language_hint !== undefined
          ? validation422(
              'language_hint',
              'Extra inputs are not permitted',
              'extra_forbidden',
              asked.language_hint,
            )
          : [s, b],
      ),
  },
  {
    id: 's5-stt-missing-audio-url-words',
    area: 'errors',
    allows: '400 | Missing audio_url | audio_url absent (file speech-to-text)',
    only: [],
    hooks: () =>
      onAnswer(STT, (b, s) =>
        s === 400 && b.error === 'Missing audio_url'
          ? [400, { ...b, error: 'audio_url is required' }]
          : [s, b],
      ),
  },
  {
    id: 's5-stt-empty-body-invalid-json',
    area: 'errors',
    allows: '400 | Empty request body | body empty',
    only: [],
    // JSON.parse('') throws before the emptiness test is reached.
    hooks: () => ({
      answer: onJson(
        (path, req) => path === STT && req.body.length === 0,
        (b, s) => [s, s === 400 ? { ...b, error: 'Invalid JSON' } : b],
      ),
    }),
  },
  {
    id: 's5-speech-key-header-only',
    area: 'errors',
    allows:
      'File speech-to-text, text-to-speech and live speech-to-text: the key is sent as the query parameter `api_key=<API_KEY>`.',
    only: [],
    // The REST key middleware mounted on the file speech routes: the query parameter is not read.
    hooks: () => ({
      answer: (req, a) => {
        const path = pathOf(req);
        if ((path !== STT && path !== '/v1/tts') || req.headers.get('x-api-key')) return a;
        if (!queryOf(req).get('api_key')) return a;
        return reply(a, 401, errorBody('Missing authorization', 'UNAUTHORIZED'));
      },
    }),
  },
  {
    id: 's5-tts-missing-field-words',
    area: 'errors',
    allows: '400 | Missing session_id, message_id, or text | a required text-to-speech field absent',
    only: [],
    hooks: () => ({
      answer: onJson(
        (path) => path === '/v1/tts',
        (b, s) =>
          s === 400 && b.error === 'Missing session_id, message_id, or text'
            ? [400, { ...b, error: 'text is required' }]
            : [s, b],
      ),
    }),
  },
  {
    id: 's5-denoise-header-key-refused',
    area: 'errors',
    allows: 'Meeting REST endpoints and the denoise endpoint: the header `X-API-Key: <API_KEY>` is required.',
    only: [],
    // Denoise grouped with the speech routes: only the query parameter is read.
    hooks: () => ({
      answer: (req, a) => {
        if (pathOf(req) !== '/v1/denoise' || queryOf(req).get('api_key')) return a;
        return reply(a, 401, errorBody('Missing authorization', 'UNAUTHORIZED'));
      },
    }),
  },
  {
    id: 's5-denoise-applied-echoes-zero',
    area: 'speech',
    allows:
      'atten_limit_db number (optional; 0 to 100; 0 means the server default, higher is stronger); applied_atten_db number (average attenuation limit applied)',
    only: [],
    // The asked limit echoed back: 0 reported as if no attenuation had been applied.
    hooks: () =>
      onAnswer('/v1/denoise', (b, s, asked) =>
        s === 200 && 'applied_atten_db' in b
          ? [s, { ...b, applied_atten_db: asked.atten_limit_db ?? 0 }]
          : [s, b],
      ),
  },
  {
    id: 's5-denoise-lsnr-joined',
    area: 'speech',
    allows: 'frame_lsnr_db number[] (frame-level local SNR)',
    only: [],
    hooks: () =>
      onAnswer('/v1/denoise', (b, s) =>
        Array.isArray(b.frame_lsnr_db)
          ? [s, { ...b, frame_lsnr_db: (b.frame_lsnr_db as number[]).join(',') }]
          : [s, b],
      ),
  },
  {
    id: 's5-translate-names-refused',
    area: 'speech',
    allows: 'target_languages | string[] | yes | language codes or names; up to 10',
    only: [],
    hooks: () => ({
      answer: onJson(
        (path) => path === '/v1/translate-text',
        (b, s, req) => {
          const targets = askedJson(req).target_languages;
          const named =
            s !== 401 &&
            Array.isArray(targets) &&
            targets.some((t) => typeof t === 'string' && !/^[a-z]{2,3}([-_][A-Za-z0-9]+)*$/.test(t));
          return named ? [400, errorBody('Unsupported target language', 'BAD_REQUEST')] : [s, b];
        },
      ),
    }),
  },
  {
    id: 's5-translate-auto-refused',
    area: 'speech',
    allows: 'source_language | string | no | code or name; default `auto`',
    only: [],
    hooks: () => ({
      answer: onJson(
        (path) => path === '/v1/translate-text',
        (b, s, req) =>
          s !== 401 && askedJson(req).source_language === 'auto'
            ? validation422('source_language', 'Input should be a valid language code', 'value_error', 'auto')
            : [s, b],
      ),
    }),
  },
  {
    id: 's5-translate-text-cap-10000',
    area: 'speech',
    allows: 'text | string | yes | up to 100,000 characters by default',
    only: [],
    hooks: () => ({
      answer: onJson(
        (path) => path === '/v1/translate-text',
        (b, s, req) => {
          const text = askedJson(req).text;
          return s !== 401 && typeof text === 'string' && text.length > 10_000
            ? [413, errorBody('Text longer than 10000 characters', 'PAYLOAD_TOO_LARGE')]
            : [s, b];
        },
      ),
    }),
  },
];
