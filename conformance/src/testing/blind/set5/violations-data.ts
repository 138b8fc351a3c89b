import type { Variant } from '../../variant-edits.js';
import { editBody, itemsOf, type Json, onAnswer, shiftMicros, validation422 } from '../edits.js';
import { askedJson, onJson } from './edits5.js';

// Violations of the fifth blind set on messages, meeting AI, cached data, settings, transcription
// and people. Each breaks one fact the spec writes beside a field or a route, quoted in `allows`.

const mapItems = (body: Json, key: string, edit: (item: Json) => Json): Json =>
  Array.isArray(body[key]) ? { ...body, [key]: itemsOf(body, key).map(edit) } : body;
const at = (body: Json, key: string, edit: (item: Json) => Json): Json =>
  body[key] && typeof body[key] === 'object' ? { ...body, [key]: edit(body[key] as Json) } : body;
const num = (v: unknown, f: (n: number) => number) => (typeof v === 'number' ? f(v) : v);

export const SET5_DATA_VIOLATIONS: Variant[] = [
  {
    id: 's5-message-type-user-unprefixed',
    area: 'rest',
    allows: 'type | string | values seen: `MT_USER` (user text message), `MT_SUMMARY` (AI summary)',
    only: [],
    hooks: () =>
      onAnswer('/v1/send-meeting-message', (b, s) => [
        s,
        at(b, 'meeting_message', (m) => (m.type === 'MT_USER' ? { ...m, type: 'USER' } : m)),
      ]),
  },
  {
    id: 's5-delete-message-unknown-200',
    area: 'rest',
    allows: '404 resource not found (unknown meeting or message id)',
    only: [],
    hooks: () =>
      onAnswer('/v1/delete-meeting-message', (b, s) => (s === 404 ? [200, { success: true }] : [s, b])),
  },
  {
    id: 's5-messages-limit-default-10',
    area: 'rest',
    allows: 'POST /v1/get-meeting-messages | limit integer (optional, default 50)',
    only: [],
    hooks: () => ({
      request: editBody('/v1/get-meeting-messages', (b) => (b.limit == null ? { ...b, limit: 10 } : b)),
    }),
  },
  {
    id: 's5-summarize-type-user',
    area: 'rest',
    allows: '{success, meeting_message: Meeting message with type `MT_SUMMARY` and summary.ai_model}',
    only: [],
    hooks: () =>
      onAnswer('/v1/summarize-meeting', (b, s) => [
        s,
        at(b, 'meeting_message', (m) => ({ ...m, type: 'MT_USER' })),
      ]),
  },
  {
    id: 's5-summarize-no-ai-model',
    area: 'rest',
    allows: '{success, meeting_message: Meeting message with type `MT_SUMMARY` and summary.ai_model}',
    only: [],
    hooks: () =>
      onAnswer('/v1/summarize-meeting', (b, s) => [
        s,
        at(b, 'meeting_message', (m) => at(m, 'summary', ({ ai_model: _a, ...rest }) => rest)),
      ]),
  },
  {
    id: 's5-ask-ai-priority-string',
    area: 'rest',
    allows: 'priority | integer',
    only: [],
    hooks: () =>
      onAnswer('/v1/ask-ai-for-meeting', (b, s) => [
        s,
        mapItems(b, 'next_actions', (a) => ({ ...a, priority: String(a.priority) })),
      ]),
  },
  {
    id: 's5-ask-ai-plan-id-number',
    area: 'rest',
    allows: '{success, workflow_plan_id string, next_actions: Next action[]}; Identifiers are strings.',
    only: [],
    // A numeric database key returned as it is.
    hooks: () => {
      let n = 1000;
      return onAnswer('/v1/ask-ai-for-meeting', (b, s) =>
        s === 200 ? [s, { ...b, workflow_plan_id: ++n }] : [s, b],
      );
    },
  },
  {
    id: 's5-summary-cache-type-missing',
    area: 'rest',
    allows: 'Cached summary (returned by get-meeting-summary) | type | string (`MT_SUMMARY`)',
    only: [],
    hooks: () =>
      onAnswer('/v1/get-meeting-summary', (b, s) => [s, at(b, 'summary', ({ type: _t, ...rest }) => rest)]),
  },
  {
    id: 's5-force-refresh-null-refused',
    area: 'rest',
    allows: 'force_refresh boolean or null (optional; true reads from the database instead of the cache)',
    only: [],
    hooks: () => ({
      answer: onJson(
        (path) => path === '/v1/get-meeting-summary' || path === '/v1/get-meeting-transcripts',
        (b, s, req) =>
          askedJson(req).force_refresh === null
            ? validation422('force_refresh', 'Input should be a valid boolean', 'bool_type', null)
            : [s, b],
      ),
    }),
  },
  {
    id: 's5-cached-transcript-ms',
    area: 'rest',
    allows: 'utterances | array of {speaker string, text string, start_seconds number, end_seconds number}',
    only: [],
    // Times kept in milliseconds by the recognizer and returned unconverted under the seconds names.
    hooks: () =>
      onAnswer('/v1/get-meeting-transcripts', (b, s) => [
        s,
        mapItems(b, 'transcripts', (t) =>
          mapItems(t, 'utterances', (u) => ({
            ...u,
            start_seconds: num(u.start_seconds, (n) => Math.round(n * 1000)),
            end_seconds: num(u.end_seconds, (n) => Math.round(n * 1000)),
          })),
        ),
      ]),
  },
  {
    id: 's5-setting-max-minutes-missing',
    area: 'rest',
    allows: 'max_recording_minutes | integer | returned by the service; not updatable',
    only: [],
    hooks: () =>
      onAnswer('/v1/get-user-default-meeting-setting', (b, s) => [
        s,
        at(b, 'setting', ({ max_recording_minutes: _m, ...rest }) => rest),
      ]),
  },
  {
    id: 's5-setting-view-language-default-region',
    area: 'rest',
    allows: 'view_language string (optional, default `en`)',
    only: [],
    hooks: () => ({
      request: editBody('/v1/update-user-default-meeting-setting', (b) =>
        b.view_language === undefined ? { ...b, view_language: 'en-US' } : b,
      ),
    }),
  },
  {
    id: 's5-setting-keywords-not-saved',
    area: 'rest',
    allows: 'contextual_keywords string[] (optional, default empty)',
    only: [],
    // The keywords column is never written: an update keeps none.
    hooks: () => ({
      request: editBody(
        '/v1/update-user-default-meeting-setting',
        ({ contextual_keywords: _k, ...rest }) => rest,
      ),
    }),
  },
  {
    id: 's5-chunks-duration-ms',
    area: 'rest',
    allows: 'start_duration, end_duration | number | seconds',
    only: [],
    hooks: () =>
      onAnswer('/v1/get-live-transcription-chunks', (b, s) => [
        s,
        mapItems(b, 'chunks', (c) => ({
          ...c,
          start_duration: num(c.start_duration, (n) => Math.round(n * 1000)),
          end_duration: num(c.end_duration, (n) => Math.round(n * 1000)),
        })),
      ]),
  },
  {
    id: 's5-chunks-cursor-inclusive',
    area: 'rest',
    allows: 'last_updated_at string RFC 3339 (required; returns chunks updated after this time',
    only: [],
    hooks: () => ({
      request: editBody('/v1/get-live-transcription-chunks', (b) =>
        typeof b.last_updated_at === 'string'
          ? { ...b, last_updated_at: shiftMicros(b.last_updated_at, -1) }
          : b,
      ),
    }),
  },
  {
    id: 's5-chunks-speaker-number',
    area: 'rest',
    allows: 'speaker_v2 | string | speaker label such as "0"',
    only: [],
    hooks: () =>
      onAnswer('/v1/get-live-transcription-chunks', (b, s) => [
        s,
        mapItems(b, 'chunks', (c) =>
          typeof c.speaker_v2 === 'string' && /^\d+$/.test(c.speaker_v2)
            ? { ...c, speaker_v2: Number(c.speaker_v2) }
            : c,
        ),
      ]),
  },
  {
    id: 's5-chunks-message-filter-ignored',
    area: 'rest',
    allows: 'message_id string or null (optional filter)',
    only: [],
    hooks: () => ({
      request: editBody('/v1/get-live-transcription-chunks', ({ message_id: _m, ...rest }) => rest),
    }),
  },
  {
    id: 's5-utterances-confidence-percent',
    area: 'rest',
    allows: 'confidence | number | 0 to 1',
    only: [],
    hooks: () =>
      onAnswer('/v1/get-transcript-utterances', (b, s) => [
        s,
        mapItems(b, 'utterances', (u) => ({
          ...u,
          confidence: num(u.confidence, (n) => Math.round(n * 1000) / 10),
        })),
      ]),
  },
  {
    id: 's5-utterances-cursor-optional',
    area: 'rest',
    allows:
      'POST /v1/get-transcript-utterances | last_updated_at string RFC 3339 (required, same cursor rule)',
    only: [],
    // A missing cursor is taken as the first page instead of refused.
    hooks: () => ({
      request: editBody('/v1/get-transcript-utterances', (b) =>
        b.last_updated_at === undefined ? { ...b, last_updated_at: '1970-01-01T00:00:00Z' } : b,
      ),
    }),
  },
  {
    id: 's5-utterances-limit-default-25',
    area: 'rest',
    allows: 'limit integer or null (optional, default 100)',
    only: [],
    hooks: () => ({
      request: editBody('/v1/get-transcript-utterances', (b) => (b.limit == null ? { ...b, limit: 25 } : b)),
    }),
  },
  {
    id: 's5-utterance-update-whole-document',
    area: 'rest',
    allows: 'An update response carries only id, meeting_id, transcript, language, speaker_v2, texts.',
    only: [],
    hooks: () =>
      onAnswer('/v1/update-transcript-utterance', (b, s) => [
        s,
        at(b, 'utterance', (u) => ({
          ...u,
          message_id: 'm',
          confidence: 1,
          start_seconds: 0,
          end_seconds: 1,
        })),
      ]),
  },
  {
    id: 's5-workspace-url-renamed',
    area: 'rest',
    allows: '{success, workspace_page_url string}',
    only: [],
    hooks: () =>
      onAnswer('/v1/upload-meeting-to-workspace', (b, s) => {
        if (typeof b.workspace_page_url !== 'string') return [s, b];
        const { workspace_page_url: url, ...rest } = b;
        return [s, { ...rest, page_url: url }];
      }),
  },
  {
    id: 's5-people-email-only-nested',
    area: 'rest',
    allows: 'email | string | always present',
    only: [],
    // The e-mail kept only inside the user or guest profile of a contact.
    hooks: () =>
      onAnswer('/v1/get-my-people', (b, s) => [
        s,
        mapItems(b, 'people', (p) => (p.user ? (({ email: _e, ...rest }) => rest)(p) : p)),
      ]),
  },
  {
    id: 's5-people-guest-profile-on-users',
    area: 'rest',
    allows: 'guest_profile | object {name string, email string} | present for a guest contact',
    only: [],
    hooks: () =>
      onAnswer('/v1/get-my-people', (b, s) => [
        s,
        mapItems(b, 'people', (p) => {
          const user = p.user as Json | undefined;
          return user && !p.guest_profile
            ? { ...p, guest_profile: { name: user.name, email: user.email } }
            : p;
        }),
      ]),
  },
  {
    id: 's5-people-limit-default-50',
    area: 'rest',
    allows: 'POST /v1/get-my-people | limit integer or null (optional, default 20)',
    only: [],
    hooks: () => ({
      request: editBody('/v1/get-my-people', (b) => (b.limit == null ? { ...b, limit: 50 } : b)),
    }),
  },
];
