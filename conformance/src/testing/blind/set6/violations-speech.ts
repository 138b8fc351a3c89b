import { SessionTTSResponse } from '@parley/schemas/proto';
import type { Variant } from '../../variant-edits.js';
import { type Answer, type Exchange, pathOf } from '../../variant-proxy.js';
import { editBody, reply } from '../edits.js';
import { queryOf } from '../set5/edits5.js';
import { type Json, listOf, okOn, refuseWhen } from './edits6.js';

// File speech-to-text and text-to-speech violations of the sixth blind set.

const bad = (error: string) => ({ success: false, error, code: 'BAD_REQUEST' });
const invalid = (field: string, msg: string, type: string, input: unknown) => ({
  detail: [{ loc: ['body', field], msg, type, input }],
});
const listLength = (v: unknown) =>
  Array.isArray(v) ? v.length : typeof v === 'string' ? v.split(',').length : 0;
const totalChars = (v: unknown) =>
  Array.isArray(v) ? v.join('').length : typeof v === 'string' ? v.replace(/,/g, '').length : 0;
const isProtobuf = (req: Exchange) => /protobuf/.test(req.headers.get('content-type') ?? '');
const ttsDecoded = (a: Answer): Json | undefined => {
  try {
    return SessionTTSResponse.toObject(SessionTTSResponse.decode(a.body)) as Json;
  } catch {
    return undefined;
  }
};

export const SET6_SPEECH_VIOLATIONS: Variant[] = [
  {
    id: 's6-stt-offsets-in-seconds',
    area: 'speech',
    allows: 'utterances[].start_ms, utterances[].end_ms | integer | milliseconds',
    only: [],
    // Offsets passed on from an engine that reports seconds.
    hooks: () =>
      okOn('/v1/stt', (b) => ({
        ...b,
        utterances: listOf(b, 'utterances').map((u) => ({
          ...u,
          start_ms: Number(u.start_ms) / 1000,
          end_ms: Number(u.end_ms) / 1000,
        })),
      })),
  },
  {
    id: 's6-stt-speaker-labels-named',
    area: 'speech',
    allows: 'utterances[].speaker | string | "0", "1", "2", ...',
    only: [],
    hooks: () =>
      okOn('/v1/stt', (b) => ({
        ...b,
        utterances: listOf(b, 'utterances').map((u) => ({ ...u, speaker: `SPEAKER_${u.speaker}` })),
      })),
  },
  {
    id: 's6-stt-confidence-percent',
    area: 'speech',
    allows: 'confidence | number | average, 0 to 1',
    only: [],
    hooks: () => okOn('/v1/stt', (b) => ({ ...b, confidence: Math.round(Number(b.confidence) * 1000) / 10 })),
  },
  {
    id: 's6-stt-language-name',
    area: 'speech',
    allows: 'detected_language | string | language code',
    only: [],
    hooks: () =>
      okOn('/v1/stt', (b) => ({
        ...b,
        detected_language: b.detected_language === 'en' ? 'English' : b.detected_language,
      })),
  },
  {
    id: 's6-stt-diarization-off-by-default',
    area: 'speech',
    allows: 'enable_diarization | boolean | no | default true',
    only: [],
    // Diarization runs only when asked for.
    hooks: () => ({
      request: editBody('/v1/stt', (b) =>
        b.enable_diarization === undefined ? { ...b, enable_diarization: false } : b,
      ),
    }),
  },
  {
    id: 's6-stt-hints-string-refused',
    area: 'speech',
    allows:
      'language_hints | string[] or comma-separated string | no | at most 3 kept, extras dropped; omit for automatic detection; legacy single-string `language_hint` also accepted',
    only: [],
    hooks: () =>
      refuseWhen(
        '/v1/stt',
        (b) => typeof b.language_hints === 'string',
        422,
        invalid('language_hints', 'Input should be a valid list', 'list_type', 'en'),
      ),
  },
  {
    id: 's6-stt-legacy-hint-refused',
    area: 'speech',
    allows: 'legacy single-string `language_hint` also accepted',
    only: [],
    hooks: () =>
      refuseWhen(
        '/v1/stt',
        (b) => b.language_hint !== undefined,
        422,
        invalid('language_hint', 'Extra inputs are not permitted', 'extra_forbidden', 'en'),
      ),
  },
  {
    id: 's6-stt-fourth-hint-refused',
    area: 'speech',
    allows: 'at most 3 kept, extras dropped',
    only: [],
    hooks: () =>
      refuseWhen('/v1/stt', (b) => listLength(b.language_hints) > 3, 400, bad('At most 3 language hints')),
  },
  {
    id: 's6-stt-long-keywords-refused',
    area: 'speech',
    allows:
      'context_keywords | string[] or comma-separated string | no | bias words and names; at most 2000 characters in total, extras dropped',
    only: [],
    hooks: () =>
      refuseWhen(
        '/v1/stt',
        (b) => totalChars(b.context_keywords) > 2000,
        400,
        bad('context_keywords exceed 2000 characters'),
      ),
  },
  {
    id: 's6-stt-protobuf-body-refused',
    area: 'speech',
    allows:
      'Body is JSON (a protobuf body with `application/x-protobuf` is also accepted; its layout: not shown).',
    only: [],
    hooks: () => ({
      answer: (req, a) =>
        pathOf(req) === '/v1/stt' && isProtobuf(req)
          ? reply(a, 415, {
              success: false,
              error: 'Content-Type must be application/json',
              code: 'UNSUPPORTED_MEDIA_TYPE',
            })
          : a,
    }),
  },
  {
    id: 's6-stt-missing-url-words',
    area: 'speech',
    allows: '| 400 | Missing audio_url | audio_url absent (file speech-to-text) |',
    only: [],
    hooks: () => okOnError('/v1/stt', 'Missing audio_url', 'audio_url is required'),
  },
  {
    id: 's6-stt-empty-body-invalid-json',
    area: 'speech',
    allows: '| 400 | Empty request body | body empty |',
    only: [],
    // An empty body goes to the JSON parser, which calls it invalid.
    hooks: () => okOnError('/v1/stt', 'Empty request body', 'Invalid JSON'),
  },
  {
    id: 's6-stt-query-key-refused',
    area: 'speech',
    allows:
      'File speech-to-text, text-to-speech and live speech-to-text: the key is sent as the query parameter `api_key=<API_KEY>`.',
    only: [],
    // Only the X-API-Key header is read on the speech routes.
    hooks: () =>
      refuseWhen('/v1/stt', (_b, req) => !req.headers.get('x-api-key') && queryOf(req).has('api_key'), 401, {
        success: false,
        error: 'Missing authorization',
        code: 'UNAUTHORIZED',
      }),
  },
  {
    id: 's6-tts-missing-field-422',
    area: 'speech',
    allows: '| 400 | Missing session_id, message_id, or text | a required text-to-speech field absent |',
    only: [],
    hooks: () => ({
      answer: (req, a) =>
        pathOf(req) === '/v1/tts' && a.status === 400 && a.body.includes('Missing session_id')
          ? reply(a, 422, invalid('text', 'Field required', 'missing', null))
          : a,
    }),
  },
  {
    id: 's6-tts-json-answer',
    area: 'speech',
    allows:
      'Request and response are protobuf (`application/x-protobuf`), messages named SessionTTSRequest and SessionTTSResponse.',
    only: [],
    hooks: () => ({
      answer: (req, a) => {
        const m = pathOf(req) === '/v1/tts' && a.status === 200 ? ttsDecoded(a) : undefined;
        return m ? reply(a, 200, m) : a;
      },
    }),
  },
  {
    id: 's6-tts-error-set-on-success',
    area: 'speech',
    allows: 'error | string | set on failure, then audio_url is empty',
    only: [],
    hooks: () => ({
      answer: (req, a) => {
        const m = pathOf(req) === '/v1/tts' && a.status === 200 ? ttsDecoded(a) : undefined;
        if (!m?.audio_url) return a;
        const body = Buffer.from(
          SessionTTSResponse.encode(SessionTTSResponse.fromObject({ ...m, error: 'OK' })).finish(),
        );
        return { ...a, body };
      },
    }),
  },
];

/** The JSON error answer of `path` whose text is `from` given the text `to` (status and code kept). */
function okOnError(path: string, from: string, to: string) {
  return {
    answer: (req: Exchange, a: Answer): Answer => {
      if (pathOf(req) !== path || a.status < 400) return a;
      try {
        const b = JSON.parse(a.body.toString('utf8')) as Json;
        return b.error === from ? reply(a, a.status, { ...b, error: to }) : a;
      } catch {
        return a;
      }
    },
  };
}
