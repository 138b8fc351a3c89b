import { jsonOf } from '../mutant-run.js';
import { editRequestJson, type Variant } from '../variant-edits.js';
import { type Answer, type Exchange, type ProxyHooks, pathOf } from '../variant-proxy.js';
import { type Json, onAnswer, reply } from './edits.js';

// Automation-platform (OAuth, triggers, meeting details, generate-document) and /health deployments
// that each break one sentence of the spec, or of RFC 6749 where the spec names OAuth 2.0.

const partner = (id: string, allows: string, hooks: Variant['hooks']): Variant => ({
  id,
  area: 'partner',
  allows,
  only: [],
  hooks,
});

const ok = (status: number) => status === 200;
const TOKEN = '/api/oauth/partner/token';
const TRIGGERS = '/api/partner/triggers/';
const isMeetingDetails = (path: string) => /^\/api\/partner\/meetings\/[^/]+$/.test(path);
const items = (b: unknown): Json[] => (Array.isArray(b) ? (b as Json[]) : []);
/** A trigger's items changed by `edit` (its answer is a JSON array). */
const trigger = (name: string, edit: (list: Json[]) => Json[]): ProxyHooks =>
  onAnswer(`${TRIGGERS}${name}`, (b, s) => (ok(s) ? [s, edit(items(b))] : [s, b]));

const health = (id: string, allows: string, hooks: Variant['hooks']): Variant => ({
  ...partner(id, allows, hooks),
  area: 'rest',
});

export const PARTNER_VIOLATIONS: readonly Variant[] = [
  partner(
    'oauth-token-error-200',
    'Authentication: "OAuth 2.0 authorization-code flow" (RFC 6749 5.2: "The authorization server responds with an HTTP 400 (Bad Request) status code")',
    () => onAnswer(TOKEN, (b, s) => (s >= 400 && typeof b.error === 'string' ? [200, b] : [s, b])),
  ),
  partner(
    'oauth-token-no-refresh-token',
    'Authentication: "the code is exchanged at POST /api/oauth/partner/token for an access token and a refresh token"',
    () =>
      onAnswer(TOKEN, (b, s) => {
        const { refresh_token: _dropped, ...rest } = b;
        return [s, ok(s) ? rest : b];
      }),
  ),
  partner(
    'oauth-bad-code-invalid-request',
    'Authentication: "OAuth 2.0 authorization-code flow" (RFC 6749 5.2: invalid_grant when "the provided authorization grant (e.g., authorization code ...) is invalid")',
    () =>
      onAnswer(TOKEN, (b, s) =>
        b.error === 'invalid_grant' ? [s, { ...b, error: 'invalid_request' }] : [s, b],
      ),
  ),
  partner(
    'oauth-redirect-drops-state',
    'Authentication: "OAuth 2.0 authorization-code flow" (RFC 6749 4.1.2: state is "REQUIRED if the "state" parameter was present in the client authorization request")',
    () => ({
      answer(req: Exchange, a: Answer): Answer {
        const location = a.headers.get('location');
        if (!pathOf(req).startsWith('/oauth/partner/authorize') || !location || !/[?&]code=/.test(location))
          return a;
        const url = new URL(location);
        url.searchParams.delete('state');
        const headers = new Headers(a.headers);
        headers.set('location', url.toString());
        return { ...a, headers };
      },
    }),
  ),
  partner(
    'meeting-ended-oldest-first',
    'Automation-platform interface: "Trigger routes are `GET`, return a JSON array sorted newest first"',
    () => trigger('meeting-ended', (list) => [...list].reverse()),
  ),
  partner(
    'summary-ready-id-is-meeting',
    'summary-ready: "id (summary message id)"; "each item\'s `id` is its deduplication key"',
    // Two summaries of one meeting share a key, so the platform drops the second.
    () => trigger('summary-ready', (list) => list.map((x) => ({ ...x, id: x.meeting_id }))),
  ),
  partner(
    'contact-id-per-poll',
    'Automation-platform interface: "each item\'s `id` is its deduplication key"',
    // A key minted on every poll: the platform fires again for the same contact.
    () => {
      let poll = 0;
      return onAnswer(`${TRIGGERS}contact-discovered`, (b, s) => {
        if (!ok(s)) return [s, b];
        poll += 1;
        return [s, items(b).map((x) => ({ ...x, id: `${x.id}-${poll}` }))];
      });
    },
  ),
  partner('meeting-ended-count-string', 'meeting-ended: "participant_count number"', () =>
    trigger('meeting-ended', (list) =>
      list.map((x) => ({ ...x, participant_count: String(x.participant_count) })),
    ),
  ),
  partner(
    'meeting-details-first-summary',
    'GET /api/partner/meetings/{id}: "meeting details with the latest AI summary"',
    // The summary first seen for a meeting is served from then on.
    () => {
      const first = new Map<string, unknown>();
      return {
        answer(req: Exchange, a: Answer): Answer {
          if (req.method !== 'GET' || !isMeetingDetails(pathOf(req)) || !ok(a.status)) return a;
          const body = jsonOf(a.body);
          const key = String(body.id);
          if (!first.has(key) && body.latest_summary) first.set(key, body.latest_summary);
          return first.has(key) ? reply(a, 200, { ...body, latest_summary: first.get(key) }) : a;
        },
      };
    },
  ),
  partner(
    'partner-me-no-email',
    'GET /api/partner/me: "{user_id string, email string, display_name string}"',
    () =>
      onAnswer('/api/partner/me', (b, s) => {
        const { email: _dropped, ...rest } = b;
        return [s, ok(s) ? rest : b];
      }),
  ),
  partner(
    'generate-document-callback-ignored',
    'generate-document: "`callback_url` string (optional; when present the result is delivered asynchronously)"',
    // Always generates inline; the callback never comes.
    () => ({
      request(req: Exchange): Exchange {
        if (!pathOf(req).endsWith('/generate-document')) return req;
        return editRequestJson(pathOf(req), (b) => {
          const { callback_url: _dropped, ...rest } = b;
          return rest;
        })(req);
      },
    }),
  ),
  partner(
    'generate-document-no-text',
    'generate-document: "Without callback_url the response is {success: boolean, meeting_id: string, document_text: string, message: string}."',
    () => ({
      answer(req: Exchange, a: Answer): Answer {
        if (!pathOf(req).endsWith('/generate-document') || !ok(a.status)) return a;
        const { document_text: _dropped, ...rest } = jsonOf(a.body);
        return reply(a, 200, rest);
      },
    }),
  ),
  health(
    'health-needs-key',
    'What the service does: "A health endpoint: `GET /health`, no authentication"',
    () => ({
      answer(req: Exchange, a: Answer): Answer {
        if (pathOf(req) !== '/health' || req.headers.has('x-api-key')) return a;
        return reply(a, 401, { success: false, error: 'Missing authorization', code: 'UNAUTHORIZED' });
      },
    }),
  ),
  health(
    'health-plain-text',
    'What the service does: "`GET /health`, no authentication, returns a JSON 200"',
    () => ({
      answer(req: Exchange, a: Answer): Answer {
        if (pathOf(req) !== '/health') return a;
        return {
          status: 200,
          headers: new Headers({ 'content-type': 'text/plain; charset=utf-8' }),
          body: Buffer.from('OK'),
        };
      },
    }),
  ),
];
