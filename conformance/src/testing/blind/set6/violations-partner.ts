import type { Variant } from '../../variant-edits.js';
import { type Answer, type Exchange, pathOf } from '../../variant-proxy.js';
import { reply } from '../edits.js';
import { askedJson, onJson } from '../set5/edits5.js';
import { type Json, okOn } from './edits6.js';

// Automation-platform violations of the sixth blind set: the OAuth flow, the triggers, the
// meeting details, generate-document and its callback.

const TRIGGERS = '/api/partner/triggers/';
/** A trigger's JSON array answer changed by `edit` (other answers as they are). */
const onTrigger = (name: string, edit: (items: Json[]) => unknown) => ({
  answer(req: Exchange, a: Answer): Answer {
    if (pathOf(req) !== `${TRIGGERS}${name}` || a.status !== 200) return a;
    const items = JSON.parse(a.body.toString('utf8') || '[]') as unknown;
    return Array.isArray(items) ? reply(a, 200, edit(items as Json[])) : a;
  },
});
const DOC = /^\/api\/partner\/meetings\/[^/]+\/generate-document$/;

export const SET6_PARTNER_VIOLATIONS: Variant[] = [
  {
    id: 's6-partner-me-without-name',
    area: 'partner',
    allows: '{user_id string, email string, display_name string}',
    only: [],
    hooks: () => okOn('/api/partner/me', ({ display_name: _, ...me }) => me),
  },
  {
    id: 's6-trigger-ended-oldest-first',
    area: 'partner',
    allows: 'Trigger routes are `GET`, return a JSON array sorted newest first, at most 50 items',
    only: [],
    hooks: () => onTrigger('meeting-ended', (items) => [...items].reverse()),
  },
  {
    id: 's6-trigger-summary-id-is-meeting',
    area: 'partner',
    allows:
      'array of {id (summary message id), meeting_id, meeting_title, ai_model, markdown_body, created_at}',
    only: [],
    // Summaries keyed by their meeting: a second summary of a meeting repeats the first one's key.
    hooks: () => onTrigger('summary-ready', (items) => items.map((i) => ({ ...i, id: i.meeting_id }))),
  },
  {
    id: 's6-trigger-count-string',
    area: 'partner',
    allows:
      'array of {id, title, start_at, end_at, language, host_user_id, participant_count number, tags string[]}',
    only: [],
    hooks: () =>
      onTrigger('meeting-ended', (items) =>
        items.map((i) => ({ ...i, participant_count: String(i.participant_count) })),
      ),
  },
  {
    id: 's6-trigger-contacts-wrapped',
    area: 'partner',
    allows: 'Trigger routes are `GET`, return a JSON array sorted newest first, at most 50 items',
    only: [],
    // The list comes in an envelope object.
    hooks: () => onTrigger('contact-discovered', (items) => ({ items, count: items.length })),
  },
  {
    id: 's6-trigger-followup-without-subject',
    area: 'partner',
    allows: 'array of {id (email message id), meeting_id, meeting_title, subject, body_html, created_at}',
    only: [],
    hooks: () => onTrigger('followup-email-ready', (items) => items.map(({ subject: _, ...i }) => i)),
  },
  {
    id: 's6-partner-meeting-no-summary',
    area: 'partner',
    allows: 'meeting details with the latest AI summary; `id` is the meeting id',
    only: [],
    // The details never join the summaries.
    hooks: () => ({
      answer: onJson(
        (path) => /^\/api\/partner\/meetings\/[^/]+$/.test(path),
        (b, s) => [s, s === 200 ? { ...b, latest_summary: null } : b],
      ),
    }),
  },
  {
    id: 's6-document-alternate-model-refused',
    area: 'partner',
    allows:
      '`model` string (optional; one of two allowed values, the default being the first: `<default_model>` or `<alternate_model>`)',
    only: [],
    // Only the default model is wired up.
    hooks: () => ({
      answer(req, a) {
        if (!DOC.test(pathOf(req))) return a;
        const model = askedJson(req).model;
        return model !== undefined && model !== 'parley-default'
          ? reply(a, 400, { success: false, error: `Unknown model ${String(model)}`, code: 'BAD_REQUEST' })
          : a;
      },
    }),
  },
  {
    id: 's6-document-sync-without-text',
    area: 'partner',
    allows:
      'Without callback_url the response is {success: boolean, meeting_id: string, document_text: string, message: string}.',
    only: [],
    // The document is stored and only announced.
    hooks: () => ({
      answer: onJson(
        (path) => DOC.test(path),
        (b, s) => {
          if (s !== 200 || typeof b.document_text !== 'string') return [s, b];
          const { document_text: _, ...rest } = b;
          return [s, rest];
        },
      ),
    }),
  },
  {
    id: 's6-document-callback-never-sent',
    area: 'partner',
    allows:
      'With callback_url the immediate response is {success, meeting_id, message}; when generation completes the service sends a POST to callback_url with {status: string (`success`), meeting_id, document_text, created_at}.',
    only: [],
    // The callback goes to a dead address of the service's own instead of the caller's URL.
    hooks: () => ({
      request(req) {
        if (!DOC.test(pathOf(req))) return req;
        const b = askedJson(req);
        if (typeof b.callback_url !== 'string') return req;
        return {
          ...req,
          body: Buffer.from(JSON.stringify({ ...b, callback_url: 'http://127.0.0.1:9/discard' })),
        };
      },
    }),
  },
  {
    id: 's6-oauth-no-refresh-token',
    area: 'partner',
    allows:
      'Step 2: the code is exchanged at POST /api/oauth/partner/token for an access token and a refresh token.',
    only: [],
    hooks: () => okOn('/api/oauth/partner/token', ({ refresh_token: _, ...b }) => b),
  },
  {
    id: 's6-oauth-state-dropped',
    area: 'partner',
    allows: 'Automation-platform interface: OAuth 2.0 authorization-code flow.',
    only: [],
    // The redirect back carries the code but not the client's state (RFC 6749 §4.1.2 requires it).
    hooks: () => ({
      answer(req, a) {
        const location = a.headers.get('location');
        if (!pathOf(req).startsWith('/oauth/partner/authorize') || !location?.includes('code=')) return a;
        const url = new URL(location);
        url.searchParams.delete('state');
        const headers = new Headers(a.headers);
        headers.set('location', url.toString());
        return { ...a, headers };
      },
    }),
  },
  {
    id: 's6-partner-token-not-required',
    area: 'partner',
    allows: 'Step 3: requests carry `Authorization: Bearer <ACCESS_TOKEN>`.',
    only: [],
    // A request without a token is served as the last user who sent one.
    hooks: () => {
      let last = '';
      return {
        request(req) {
          if (!pathOf(req).startsWith('/api/partner/')) return req;
          const auth = req.headers.get('authorization');
          if (auth) last = auth;
          if (auth || !last) return req;
          const headers = new Headers(req.headers);
          headers.set('authorization', last);
          return { ...req, headers };
        },
      };
    },
  },
];
