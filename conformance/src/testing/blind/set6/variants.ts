import type { Variant } from '../../variant-edits.js';
import { mapStrings } from '../../variant-edits.js';
import { type Answer, type Exchange, pathOf } from '../../variant-proxy.js';
import { reply } from '../edits.js';
import { chunkOf, onJson, streamFrames } from '../set5/edits5.js';
import { type Json, listOf, okOn, onPath } from './edits6.js';

// Allowed variants of the sixth blind set: where the spec leaves a choice open ("not shown", "may",
// "values seen", an extra field), another honest implementation's choice. A fair kit passes each.

const isJson = (a: Answer) => /json/.test(a.headers.get('content-type') ?? '');
/** Every object of a JSON value with the key `key` given the value `value`. */
function setEvery(v: unknown, key: string, value: unknown): unknown {
  if (Array.isArray(v)) return v.map((x) => setEvery(x, key, value));
  if (!v || typeof v !== 'object') return v;
  const out = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, setEvery(x, key, value)]));
  return key in out ? { ...out, [key]: value } : out;
}

export const SET6_VARIANTS: Variant[] = [
  {
    id: 's6v-request-id-field',
    area: 'rest',
    allows: 'The interface is in beta and may change without notice.',
    only: [],
    // Every JSON object answer carries the request's trace id, as many API gateways add.
    hooks: () => {
      let n = 0;
      return {
        answer: onJson(
          () => true,
          (b, s) => [s, { ...b, request_id: `req_${(++n).toString(16).padStart(8, '0')}` }],
        ),
      };
    },
  },
  {
    id: 's6v-validation-other-words',
    area: 'errors',
    allows:
      '`{detail: array of {loc: (string or integer)[], msg: string, type: string, input: any (optional), ctx: object (optional)}}`',
    only: [],
    // A validator with its own messages and no input/ctx echo (both optional).
    hooks: () => ({
      answer: onJson(
        (p) => p.startsWith('/v1/'),
        (b, s) => [
          s,
          s === 422
            ? {
                detail: listOf(b, 'detail').map((d) => ({
                  loc: d.loc,
                  msg: `invalid value for ${String((d.loc as unknown[]).at(-1))}`,
                  type: d.type,
                })),
              }
            : b,
        ],
      ),
    }),
  },
  {
    id: 's6v-not-found-other-words',
    area: 'errors',
    allows: 'Meeting REST error body (generic form): `{success: false, error: string, code: string}`',
    only: [],
    // The 404 text names the id that was asked for; status and code unchanged.
    hooks: () => ({
      answer: onJson(
        (p) => p.startsWith('/v1/'),
        (b, s, req) => {
          if (s !== 404 || b.code !== 'NOT_FOUND') return [s, b];
          const asked = JSON.parse(req.body.toString('utf8') || '{}') as Json;
          return [
            s,
            {
              ...b,
              error: `No such resource: ${String(asked.message_id ?? asked.meeting_id ?? asked.id ?? '')}`,
            },
          ];
        },
      ),
    }),
  },
  {
    id: 's6v-message-not-found-code',
    area: 'errors',
    allows: 'Other values of the `code` field, and which endpoints yield 404: not shown.',
    only: [],
    // An unknown message id has a code of its own.
    hooks: () => ({
      answer: onJson(
        (p) => p.endsWith('-meeting-message') || p === '/v1/get-meeting-messages',
        (b, s) => [
          s,
          s === 404 && /message/i.test(String(b.error)) ? { ...b, code: 'MESSAGE_NOT_FOUND' } : b,
        ],
      ),
    }),
  },
  {
    id: 's6v-translate-map',
    area: 'speech',
    allows: 'Response body of translate-text: not shown.',
    only: [],
    // Translations keyed by language code.
    hooks: () =>
      okOn('/v1/translate-text', (b) => ({
        translations: Object.fromEntries(listOf(b, 'translations').map((t) => [t.language, t.text ?? null])),
        detected_source_language: b.source_language,
      })),
  },
  {
    id: 's6v-translate-errors-422',
    area: 'speech',
    allows:
      'Error responses of the automation-platform interface and of translate-text and denoise: not shown.',
    only: [],
    // Unknown languages are refused as validation errors.
    hooks: () =>
      onPath('/v1/translate-text', (b, s) =>
        s === 400
          ? [
              422,
              { detail: [{ loc: ['body', 'target_languages'], msg: String(b.error), type: 'value_error' }] },
            ]
          : [s, b],
      ),
  },
  {
    id: 's6v-denoise-basic',
    area: 'speech',
    allows:
      'The two last response fields exist in the extended version of the denoise interface; the basic version returns only denoised_audio_url.',
    only: [],
    hooks: () => okOn('/v1/denoise', (b) => ({ denoised_audio_url: b.denoised_audio_url })),
  },
  {
    id: 's6v-health-minimal',
    area: 'rest',
    allows:
      'A health endpoint: `GET /health`, no authentication, returns a JSON 200 (body shape unspecified).',
    only: [],
    hooks: () => ({
      answer: (req: Exchange, a: Answer) =>
        pathOf(req) === '/health' && isJson(a) ? reply(a, 200, { healthy: true, checks: { db: 'pass' } }) : a,
    }),
  },
  {
    id: 's6v-token-half-hour',
    area: 'partner',
    allows:
      'Lifetime of access and refresh tokens, request and response fields of the token exchange, and the authentication scheme of translate-text: not shown.',
    only: [],
    // Access tokens announced for 30 minutes, with the grant's id beside them.
    hooks: () => okOn('/api/oauth/partner/token', (b) => ({ ...b, expires_in: 1800, grant_id: 'grt_1' })),
  },
  {
    id: 's6v-partner-oauth-error-body',
    area: 'partner',
    allows:
      'Error responses of the automation-platform interface and of translate-text and denoise: not shown.',
    only: [],
    // Partner 401s in the RFC 6750 style body.
    hooks: () => ({
      answer: onJson(
        (p) => p.startsWith('/api/partner/'),
        (b, s) => [s, s === 401 ? { error: 'invalid_token', error_description: String(b.error) } : b],
      ),
    }),
  },
  {
    id: 's6v-ai-model-name',
    area: 'rest',
    allows:
      'summary | object {ai_model string, markdown_body string} | on summary messages; markdown_body is Markdown text',
    only: [],
    // A hosted model's name wherever a summary names its model.
    hooks: () => ({
      answer: (_req: Exchange, a: Answer) => {
        if (!isJson(a) || !a.body.includes('"ai_model"')) return a;
        return {
          ...a,
          body: Buffer.from(
            JSON.stringify(
              setEvery(JSON.parse(a.body.toString('utf8')), 'ai_model', 'gpt-4o-mini-2024-07-18'),
            ),
          ),
        };
      },
    }),
  },
  {
    id: 's6v-more-next-actions',
    area: 'rest',
    allows: 'Other next-action types: not shown.',
    only: [],
    hooks: () =>
      okOn('/v1/ask-ai-for-meeting', (b) => ({
        ...b,
        next_actions: [
          ...listOf(b, 'next_actions'),
          { type: 'ENAT_CREATE_TASKS', label: 'Create tasks from the answer', priority: 2 },
        ],
      })),
  },
  {
    id: 's6v-stream-fewer-interims',
    area: 'stream',
    allows:
      'Server sends result frames: `{chunk: {id string, session_id string, text string, is_final boolean, speaker string}}`.',
    only: [],
    // Interims throttled: every second one is skipped (each still holds the whole utterance so far).
    hooks: () => {
      let n = 0;
      return { frame: streamFrames((f) => (chunkOf(f)?.is_final === false && ++n % 2 === 0 ? null : f)) };
    },
  },
  {
    id: 's6v-stream-close-without-code',
    area: 'stream',
    allows:
      'The server finalizes pending utterances, sends their final results, sends a terminal frame, then closes.',
    only: [],
    // After the terminal frame the socket is closed without a status code (the client sees 1005).
    hooks: () => ({
      close: (code, reason) => (code === 1000 ? { code: 1005, reason: '' } : { code, reason }),
    }),
  },
  {
    id: 's6v-stream-finalize-3-seconds',
    area: 'stream',
    allows: 'Finalizing takes about 5 seconds.',
    only: [],
    // A slower recognizer: finals and the terminal frame 3 s after the end-of-audio frame.
    hooks: () => ({ holdAfterEndMs: 3_000 }),
  },
  {
    id: 's6v-stamps-milliseconds',
    area: 'rest',
    allows: 'Timestamps are RFC 3339 / ISO 8601 strings in UTC.',
    only: [],
    // Partner answers written with millisecond precision (the REST cursors untouched).
    hooks: () => ({
      answer: (req: Exchange, a: Answer) => {
        if (!pathOf(req).startsWith('/api/partner/') || !isJson(a)) return a;
        const body = mapStrings(JSON.parse(a.body.toString('utf8')), (s) =>
          s.replace(/^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3})\d*Z$/, '$1Z'),
        );
        return { ...a, body: Buffer.from(JSON.stringify(body)) };
      },
    }),
  },
];
