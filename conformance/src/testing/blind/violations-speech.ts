import { encodeMessage, SessionTTSResponse } from '@parley/schemas/proto';
import type { Variant } from '../variant-edits.js';
import { type Answer, type Exchange, pathOf } from '../variant-proxy.js';
import { itemsOf, type Json, onAnswer, onPrefix, reply, validation422 } from './edits.js';

// File speech-to-text, text-to-speech, denoise and translate-text deployments that each break one
// sentence of the spec.

const speech = (id: string, allows: string, hooks: Variant['hooks']): Variant => ({
  id,
  area: 'speech',
  allows,
  only: [],
  hooks,
});

const ok = (status: number) => status === 200;
const STT = '/v1/stt';
const utterancesEdited = (edit: (u: Json) => Json) =>
  onAnswer(STT, (b, s) => (ok(s) ? [s, { ...b, utterances: itemsOf(b, 'utterances').map(edit) }] : [s, b]));
/** The number of entries a hints/keywords field holds in either of its forms. */
const entries = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : [])
    .flatMap((x) => x.split(','))
    .filter(Boolean);
const NAMES: Record<string, string> = { en: 'English', es: 'Spanish', fr: 'French', de: 'German' };

export const SPEECH_VIOLATIONS: readonly Variant[] = [
  speech(
    'stt-ms-unrounded',
    'File speech-to-text result: "utterances[].start_ms, utterances[].end_ms | integer | milliseconds"',
    () =>
      // Seconds times 1000 without rounding.
      utterancesEdited((u) => ({
        ...u,
        start_ms: Number(u.start_ms) + 0.5,
        end_ms: Number(u.end_ms) + 0.25,
      })),
  ),
  speech(
    'stt-speaker-number',
    'File speech-to-text result: "utterances[].speaker | string | "0", "1", "2", ..."',
    () => utterancesEdited((u) => ({ ...u, speaker: Number(u.speaker) })),
  ),
  speech(
    'stt-detected-language-name',
    'File speech-to-text result: "detected_language | string | language code"',
    () =>
      onAnswer(STT, (b, s) =>
        ok(s) ? [s, { ...b, detected_language: NAMES[String(b.detected_language)] ?? 'Unknown' }] : [s, b],
      ),
  ),
  speech(
    'stt-comma-hints-refused',
    'File speech-to-text: "language_hints | string[] or comma-separated string"',
    () =>
      onAnswer(STT, (b, s, asked) =>
        typeof asked.language_hints === 'string'
          ? validation422('language_hints', 'Input should be a valid list', 'list_type', asked.language_hints)
          : [s, b],
      ),
  ),
  speech(
    'stt-fourth-hint-refused',
    'File speech-to-text: "language_hints ... at most 3 kept, extras dropped"',
    () =>
      onAnswer(STT, (b, s, asked) =>
        entries(asked.language_hints).length > 3
          ? validation422(
              'language_hints',
              'List should have at most 3 items',
              'too_long',
              asked.language_hints,
            )
          : [s, b],
      ),
  ),
  speech(
    'stt-legacy-hint-refused',
    'File speech-to-text: "legacy single-string `language_hint` also accepted"',
    () =>
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
  ),
  speech(
    'stt-comma-keywords-refused',
    'File speech-to-text: "context_keywords | string[] or comma-separated string"',
    () =>
      onAnswer(STT, (b, s, asked) =>
        typeof asked.context_keywords === 'string'
          ? validation422(
              'context_keywords',
              'Input should be a valid list',
              'list_type',
              asked.context_keywords,
            )
          : [s, b],
      ),
  ),
  speech(
    'stt-long-keywords-refused',
    'File speech-to-text: "context_keywords ... at most 2000 characters in total, extras dropped"',
    () =>
      onAnswer(STT, (b, s, asked) =>
        entries(asked.context_keywords).join('').length > 2000
          ? validation422(
              'context_keywords',
              'Keywords exceed 2000 characters',
              'too_long',
              asked.context_keywords,
            )
          : [s, b],
      ),
  ),
  speech(
    'stt-missing-url-422',
    'Errors: "400 | Missing audio_url | audio_url absent (file speech-to-text)"',
    () =>
      onAnswer(STT, (b, s) =>
        s === 400 && b.error === 'Missing audio_url'
          ? validation422('audio_url', 'Field required', 'missing', {})
          : [s, b],
      ),
  ),
  speech('stt-empty-body-invalid-json', 'Errors: "400 | Empty request body | body empty"', () =>
    onPrefix('/v1/', (b, s) =>
      s === 400 && b.error === 'Empty request body' ? [s, { ...b, error: 'Invalid JSON' }] : [s, b],
    ),
  ),
  speech(
    'stt-query-key-ignored',
    'Authentication: "File speech-to-text, text-to-speech and live speech-to-text: the key is sent as the query parameter `api_key=<API_KEY>`."',
    // Reads the key from the X-API-Key header only.
    () => ({
      request(req: Exchange): Exchange {
        if (pathOf(req) !== STT && pathOf(req) !== '/v1/tts') return req;
        const url = new URL(req.path, 'http://host');
        url.searchParams.delete('api_key');
        return { ...req, path: `${url.pathname}${url.search}` };
      },
    }),
  ),
  speech(
    'tts-json-answer',
    'Text-to-speech: "Request and response are protobuf (`application/x-protobuf`), messages named SessionTTSRequest and SessionTTSResponse."',
    () => ({
      answer(req: Exchange, a: Answer): Answer {
        if (pathOf(req) !== '/v1/tts' || !/protobuf/.test(a.headers.get('content-type') ?? '')) return a;
        const decoded = SessionTTSResponse.toObject(SessionTTSResponse.decode(a.body), { defaults: true });
        return reply(a, a.status, decoded);
      },
    }),
  ),
  speech(
    'tts-missing-field-200',
    'Errors: "400 | Missing session_id, message_id, or text | a required text-to-speech field absent"',
    // Reports the missing field in the protobuf error field with a 200, as for a generation failure.
    () => ({
      answer(req: Exchange, a: Answer): Answer {
        if (
          pathOf(req) !== '/v1/tts' ||
          a.status !== 400 ||
          !/Missing session_id/.test(a.body.toString('utf8'))
        )
          return a;
        const body = encodeMessage(SessionTTSResponse, {
          audio_url: '',
          error: 'Missing session_id, message_id, or text',
        });
        return {
          status: 200,
          headers: new Headers({ 'content-type': 'application/x-protobuf' }),
          body: Buffer.from(body),
        };
      },
    }),
  ),
  speech(
    'denoise-url-unsigned',
    'Denoise: "denoised_audio_url string (signed URL of an M4A/AAC file, valid about 1 hour)"',
    () =>
      onAnswer('/v1/denoise', (b, s) =>
        ok(s) ? [s, { ...b, denoised_audio_url: String(b.denoised_audio_url).split('?')[0] }] : [s, b],
      ),
  ),
  speech(
    'denoise-zero-refused',
    'Denoise: "atten_limit_db number (optional; 0 to 100; 0 means the server default, higher is stronger)"',
    () =>
      onAnswer('/v1/denoise', (b, s, asked) =>
        asked.atten_limit_db === 0
          ? validation422('atten_limit_db', 'Input should be greater than 0', 'greater_than', 0)
          : [s, b],
      ),
  ),
  speech(
    'denoise-atten-string',
    'Denoise: "applied_atten_db number (average attenuation limit applied)"',
    () =>
      onAnswer('/v1/denoise', (b, s) =>
        ok(s) ? [s, { ...b, applied_atten_db: `${b.applied_atten_db} dB` }] : [s, b],
      ),
  ),
  speech(
    'translate-names-refused',
    'Text translation: "target_languages | string[] | yes | language codes or names; up to 10"',
    () =>
      onAnswer('/v1/translate-text', (b, s, asked) => {
        const names = ((asked.target_languages ?? []) as string[]).filter(
          (t) => !/^[a-z]{2,3}(-[A-Za-z]+)?$/.test(t),
        );
        return names.length > 0
          ? validation422('target_languages', 'Unknown language code', 'value_error', names)
          : [s, b];
      }),
  ),
  speech(
    'translate-nine-targets-max',
    'Text translation: "target_languages ... language codes or names; up to 10"',
    () =>
      onAnswer('/v1/translate-text', (b, s, asked) =>
        ((asked.target_languages ?? []) as string[]).length >= 10
          ? validation422(
              'target_languages',
              'List should have at most 9 items',
              'too_long',
              asked.target_languages,
            )
          : [s, b],
      ),
  ),
  speech(
    'translate-long-text-refused',
    'Text translation: "text | string | yes | up to 100,000 characters by default"',
    () =>
      onAnswer('/v1/translate-text', (b, s, asked) =>
        String(asked.text ?? '').length > 20_000
          ? validation422('text', 'String should have at most 20000 characters', 'string_too_long', '...')
          : [s, b],
      ),
  ),
];
