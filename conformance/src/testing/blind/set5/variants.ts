import type { Variant } from '../../variant-edits.js';
import { mapStrings } from '../../variant-edits.js';
import { type Exchange, pathOf } from '../../variant-proxy.js';
import { itemsOf, type Json, onAnswer, reply } from '../edits.js';
import { chunkOf, onJson, queryOf, STAMP_Z, streamFrames } from './edits5.js';

// Allowed variants of the fifth blind set: each makes differently from the reference a choice the
// spec leaves open ("not shown", "may", lenient inputs), quoted in `allows`. A fair kit passes each.

const DENOISE = '/v1/denoise';
const TRANSLATE = '/v1/translate-text';

export const SET5_VARIANTS: Variant[] = [
  {
    id: 's5v-messages-page-oldest-first',
    area: 'rest',
    allows: 'Order of returned messages and direction of the cursor for get-meeting-messages: not shown.',
    only: [],
    // The page's items in ascending order; the page itself and its cursor are the reference's.
    hooks: () =>
      onAnswer('/v1/get-meeting-messages', (b, s) => [
        s,
        s === 200 ? { ...b, messages: [...itemsOf(b, 'messages')].reverse() } : b,
      ]),
  },
  {
    id: 's5v-ask-ai-second-action',
    area: 'rest',
    allows: 'Other next-action types: not shown.',
    only: [],
    hooks: () =>
      onAnswer('/v1/ask-ai-for-meeting', (b, s) =>
        s === 200 && Array.isArray(b.next_actions)
          ? [
              s,
              {
                ...b,
                next_actions: [
                  ...itemsOf(b, 'next_actions'),
                  { type: 'ENAT_SEND_FOLLOWUP_EMAIL', label: 'Send a follow-up e-mail', priority: 2 },
                ],
              },
            ]
          : [s, b],
      ),
  },
  {
    id: 's5v-token-without-expires-in',
    area: 'partner',
    allows:
      'Lifetime of access and refresh tokens, request and response fields of the token exchange, and the authentication scheme of translate-text: not shown.',
    only: [],
    hooks: () => ({
      answer: onJson(
        (path) => path === '/api/oauth/partner/token',
        (b, s) => [s, s === 200 ? (({ expires_in: _e, ...rest }) => rest)(b) : b],
      ),
    }),
  },
  {
    id: 's5v-translate-query-key',
    area: 'speech',
    allows:
      'Lifetime of access and refresh tokens, request and response fields of the token exchange, and the authentication scheme of translate-text: not shown.',
    only: [],
    // translate-text also reads the key from the api_key query parameter, as the speech routes do.
    hooks: () => ({
      request: (req: Exchange) => {
        const key = queryOf(req).get('api_key');
        if (pathOf(req) !== TRANSLATE || !key || req.headers.get('x-api-key')) return req;
        const headers = new Headers(req.headers);
        headers.set('x-api-key', key);
        return { ...req, headers };
      },
    }),
  },
  {
    id: 's5v-translate-extra-fields',
    area: 'speech',
    allows: 'Response body of translate-text: not shown.',
    only: [],
    // Each translation also carries its character count and the engine, and the answer its model.
    hooks: () =>
      onAnswer(TRANSLATE, (b, s) =>
        s === 200 && Array.isArray(b.translations)
          ? [
              s,
              {
                ...b,
                model: 'mt-2',
                translations: itemsOf(b, 'translations').map((t) => ({
                  ...t,
                  characters: typeof t.text === 'string' ? t.text.length : 0,
                })),
              },
            ]
          : [s, b],
      ),
  },
  {
    id: 's5v-denoise-errors-nested',
    area: 'errors',
    allows:
      'Error responses of the automation-platform interface and of translate-text and denoise: not shown.',
    only: [],
    hooks: () =>
      onAnswer(DENOISE, (b, s) =>
        s >= 400
          ? [s, { error: { message: String(b.error ?? 'error'), type: String(b.code ?? 'error') } }]
          : [s, b],
      ),
  },
  {
    id: 's5v-partner-errors-oauth-shape',
    area: 'errors',
    allows:
      'Error responses of the automation-platform interface and of translate-text and denoise: not shown.',
    only: [],
    hooks: () => ({
      answer: onJson(
        (path) => path.startsWith('/api/partner/'),
        (b, s) =>
          s >= 400
            ? [
                s,
                {
                  error: s === 401 ? 'invalid_token' : 'request_failed',
                  error_description: String(b.error ?? ''),
                },
              ]
            : [s, b],
      ),
    }),
  },
  {
    id: 's5v-message-not-found-code',
    area: 'errors',
    allows: 'Other values of the `code` field, and which endpoints yield 404: not shown.',
    only: [],
    // An unknown message id has a code of its own; an unknown meeting keeps NOT_FOUND.
    hooks: () =>
      onAnswer('/v1/delete-meeting-message', (b, s) =>
        s === 404 && typeof b.error === 'string' && /message/i.test(b.error)
          ? [s, { ...b, code: 'MESSAGE_NOT_FOUND' }]
          : [s, b],
      ),
  },
  {
    id: 's5v-rate-limit-headers',
    area: 'rest',
    allows: 'Request rate limits: not shown.',
    only: [],
    hooks: () => ({
      answer: (req, a) => {
        if (!pathOf(req).startsWith('/v1/')) return a;
        const headers = new Headers(a.headers);
        headers.set('x-ratelimit-limit', '600');
        headers.set('x-ratelimit-remaining', '599');
        return { ...a, headers };
      },
    }),
  },
  {
    id: 's5v-health-empty-object',
    area: 'partner',
    allows: 'returns a JSON 200 (body shape unspecified)',
    only: [],
    hooks: () => ({ answer: (req, a) => (pathOf(req) === '/health' ? reply(a, 200, {}) : a) }),
  },
  {
    id: 's5v-denoise-basic-version',
    area: 'speech',
    allows:
      'The two last response fields exist in the extended version of the denoise interface; the basic version returns only denoised_audio_url.',
    only: [],
    hooks: () =>
      onAnswer(DENOISE, (b, s) =>
        s === 200 && typeof b.denoised_audio_url === 'string'
          ? [s, { denoised_audio_url: b.denoised_audio_url }]
          : [s, b],
      ),
  },
  {
    id: 's5v-rest-text-plain-json',
    area: 'rest',
    allows:
      'All meeting REST endpoints use the `POST` method, a JSON request body (`Content-Type: application/json`) and a JSON response.',
    only: [],
    // Lenient input: a JSON body sent as text/plain is read as JSON.
    hooks: () => ({
      request: (req: Exchange) => {
        if (!pathOf(req).startsWith('/v1/') || !/^text\/plain/.test(req.headers.get('content-type') ?? ''))
          return req;
        const headers = new Headers(req.headers);
        headers.set('content-type', 'application/json');
        return { ...req, headers };
      },
    }),
  },
  {
    id: 's5v-stamps-plus-zero-offset',
    area: 'rest',
    allows: 'Timestamps are RFC 3339 / ISO 8601 strings in UTC.',
    only: [],
    // UTC written `+00:00` instead of `Z` in every meeting REST answer.
    hooks: () => ({
      answer: onJson(
        (path) => path.startsWith('/v1/'),
        (b, s) => [s, mapStrings(b, (v) => (STAMP_Z.test(v) ? `${v.slice(0, -1)}+00:00` : v))],
      ),
    }),
  },
  {
    id: 's5v-stream-speaker-on-finals-only',
    area: 'stream',
    allows: '`speaker` ("0", "1", ...) is present only when diarization is on and the speaker is resolved.',
    only: [],
    // The speaker resolved only once the utterance is final.
    hooks: () => ({
      frame: streamFrames((f) => {
        const c = chunkOf(f);
        if (!c || c.is_final === true || c.speaker === undefined) return f;
        const { speaker: _s, ...rest } = c;
        return { ...f, chunk: rest };
      }),
    }),
  },
  {
    id: 's5v-stream-fewer-interims',
    area: 'stream',
    allows:
      'Server sends result frames: `{chunk: {id string, session_id string, text string, is_final boolean, speaker string}}`.',
    only: [],
    // Every second interim of an utterance is left out; each one sent still holds all its text so far.
    hooks: () => {
      const count = new Map<string, number>();
      return {
        frame: streamFrames((f) => {
          const c = chunkOf(f);
          if (!c || c.is_final === true || typeof c.id !== 'string') return f;
          const n = (count.get(c.id) ?? 0) + 1;
          count.set(c.id, n);
          return n % 2 === 0 ? null : f;
        }),
      };
    },
  },
];

export type { Json };
