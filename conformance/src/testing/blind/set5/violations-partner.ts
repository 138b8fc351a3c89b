import type { Variant } from '../../variant-edits.js';
import { type ProxyHooks, pathOf } from '../../variant-proxy.js';
import { editBody, type Json, onAnswer, reply } from '../edits.js';
import { errorBody, onJson } from './edits5.js';

// Violations of the fifth blind set on the automation-platform interface, the errors of the
// meeting REST interface and health. Each breaks one fact the spec states, quoted in `allows`.

const TRIGGERS = '/api/partner/triggers/';
/** Items of the trigger routes `when` keeps changed by `edit` (200 answers only). */
const triggers = (when: (name: string) => boolean, edit: (items: Json[]) => unknown): ProxyHooks => ({
  answer: (req, a) => {
    const path = pathOf(req);
    if (!path.startsWith(TRIGGERS) || !when(path.slice(TRIGGERS.length)) || a.status !== 200) return a;
    const items = JSON.parse(a.body.toString('utf8')) as unknown;
    return Array.isArray(items) ? reply(a, 200, edit(items as Json[])) : a;
  },
});
const trigger = (name: string, edit: (items: Json[]) => unknown) => triggers((n) => n === name, edit);
const everyTrigger = (edit: (items: Json[]) => unknown) => triggers(() => true, edit);

export const SET5_PARTNER_VIOLATIONS: Variant[] = [
  {
    id: 's5-triggers-oldest-first',
    area: 'partner',
    allows: 'Trigger routes are `GET`, return a JSON array sorted newest first, at most 50 items',
    only: [],
    hooks: () => everyTrigger((items) => [...items].reverse()),
  },
  {
    id: 's5-triggers-wrapped',
    area: 'partner',
    allows: 'Trigger routes are `GET`, return a JSON array sorted newest first',
    only: [],
    hooks: () => everyTrigger((items) => ({ data: items })),
  },
  {
    id: 's5-summary-ready-id-is-meeting',
    area: 'partner',
    allows:
      'array of {id (summary message id), meeting_id, meeting_title, ai_model, markdown_body, created_at}',
    only: [],
    hooks: () => trigger('summary-ready', (items) => items.map((i) => ({ ...i, id: i.meeting_id }))),
  },
  {
    id: 's5-meeting-ended-no-end-at',
    area: 'partner',
    allows:
      'array of {id, title, start_at, end_at, language, host_user_id, participant_count number, tags string[]}',
    only: [],
    hooks: () => trigger('meeting-ended', (items) => items.map(({ end_at: _e, ...i }) => i)),
  },
  {
    id: 's5-partner-me-no-email',
    area: 'partner',
    allows: 'GET /api/partner/me | connection test | {user_id string, email string, display_name string}',
    only: [],
    hooks: () =>
      onAnswer('/api/partner/me', (b, s) =>
        s === 200 ? [s, (({ email: _e, ...rest }) => rest)(b)] : [s, b],
      ),
  },
  {
    id: 's5-details-summary-never-latest',
    area: 'partner',
    allows: 'GET /api/partner/meetings/{id} | meeting details with the latest AI summary',
    only: [],
    // The summary join never made: a summarized meeting shows none.
    hooks: () => ({
      answer: onJson(
        (path) => /^\/api\/partner\/meetings\/[^/]+$/.test(path),
        (b, s) => [s, s === 200 ? { ...b, latest_summary: null } : b],
      ),
    }),
  },
  {
    id: 's5-generate-sync-no-document',
    area: 'partner',
    allows:
      'Without callback_url the response is {success: boolean, meeting_id: string, document_text: string, message: string}.',
    only: [],
    hooks: () => ({
      answer: onJson(
        (path) => path.endsWith('/generate-document'),
        (b, s) => {
          if (s !== 200) return [s, b];
          const { document_text: _d, ...rest } = b;
          return [s, rest];
        },
      ),
    }),
  },
  {
    id: 's5-generate-callback-never-sent',
    area: 'partner',
    allows:
      'when generation completes the service sends a POST to callback_url with {status: string (`success`), meeting_id, document_text, created_at}',
    only: [],
    // The callback posted to a fixed internal address (a configuration slip) instead of the caller's.
    hooks: () => ({
      request: (req) =>
        pathOf(req).endsWith('/generate-document')
          ? editBody(pathOf(req), (b) =>
              typeof b.callback_url === 'string' ? { ...b, callback_url: 'http://127.0.0.1:9/callback' } : b,
            )(req)
          : req,
    }),
  },
  {
    id: 's5-generate-unknown-model-accepted',
    area: 'partner',
    allows:
      '`model` string (optional; one of two allowed values, the default being the first: `<default_model>` or `<alternate_model>`)',
    only: [],
    hooks: () => ({
      request: (req) =>
        pathOf(req).endsWith('/generate-document')
          ? editBody(pathOf(req), (b) =>
              typeof b.model === 'string' && !['parley-default', 'parley-alternate'].includes(b.model)
                ? (({ model: _m, ...rest }) => rest)(b)
                : b,
            )(req)
          : req,
    }),
  },
  {
    id: 's5-token-no-refresh-token',
    area: 'partner',
    allows:
      'Step 2: the code is exchanged at POST /api/oauth/partner/token for an access token and a refresh token.',
    only: [],
    hooks: () => ({
      answer: onJson(
        (path) => path === '/api/oauth/partner/token',
        (b, s) => [s, s === 200 ? (({ refresh_token: _r, ...rest }) => rest)(b) : b],
      ),
    }),
  },
  {
    id: 's5-health-needs-key',
    area: 'partner',
    allows: 'The health endpoint needs no credential.',
    only: [],
    hooks: () => ({
      answer: (req, a) =>
        pathOf(req) === '/health' && !req.headers.get('x-api-key') && !req.headers.get('authorization')
          ? reply(a, 401, errorBody('Missing authorization', 'UNAUTHORIZED'))
          : a,
    }),
  },
  {
    id: 's5-health-plain-text',
    area: 'partner',
    allows:
      'A health endpoint: `GET /health`, no authentication, returns a JSON 200 (body shape unspecified).',
    only: [],
    hooks: () => ({
      answer: (req, a) =>
        pathOf(req) === '/health'
          ? {
              status: 200,
              headers: new Headers({ 'content-type': 'text/plain; charset=utf-8' }),
              body: Buffer.from('OK'),
            }
          : a,
    }),
  },
];
