import { editJson, isErrorBody, markEveryAnswer, type Variant } from './variant-edits.js';
import { type Exchange, type ProxyHooks, pathOf } from './variant-proxy.js';

// The variants of REST, error bodies and the partner surface (what they allow: variants.ts).

/**
 * Refresh tokens that stay valid after a refresh (new ones are issued, old ones keep working): every
 * token of a grant's chain is swapped for the newest one upstream before it goes there.
 */
export function noRotation(): ProxyHooks {
  const chainOf = new Map<string, string>();
  const newest = new Map<string, string>();
  const chains = new WeakMap<Exchange, string>();
  return {
    request(req) {
      if (!pathOf(req).endsWith('/token')) return req;
      const form = new URLSearchParams(req.body.toString('utf8'));
      const given = form.get('refresh_token');
      if (form.get('grant_type') !== 'refresh_token' || !given) return req;
      const chain = chainOf.get(given) ?? given;
      form.set('refresh_token', newest.get(chain) ?? given);
      const sent = { ...req, body: Buffer.from(form.toString()) };
      chains.set(sent, chain);
      return sent;
    },
    answer(req, a) {
      if (!pathOf(req).endsWith('/token') || a.status !== 200) return a;
      const issued = (JSON.parse(a.body.toString('utf8')) as { refresh_token?: string }).refresh_token;
      if (!issued) return a;
      const chain = chains.get(req) ?? issued;
      chainOf.set(issued, chain);
      newest.set(chain, issued);
      return a;
    },
  };
}

export const REST_VARIANTS: readonly Variant[] = [
  {
    id: 'extra-fields',
    area: 'rest',
    allows: 'Resources list the fields a client can rely on; nothing forbids more',
    only: ['rest'],
    hooks: () => ({
      answer: editJson(
        (req) => pathOf(req).startsWith('/v1/'),
        (b) => ({
          ...b,
          x_request_id: 'req-1',
          ...(b.meeting && typeof b.meeting === 'object'
            ? { meeting: { ...b.meeting, x_region: 'eu' } }
            : {}),
        }),
      ),
    }),
  },
  {
    id: 'health-other-body',
    area: 'rest',
    allows: 'GET /health [...] returns a JSON 200 (body shape unspecified)',
    only: ['rest.08.health'],
    hooks: () => ({
      answer: editJson(
        (req) => pathOf(req) === '/health',
        () => ({ status: 'pass', checks: { db: 'up' } }),
      ),
    }),
  },
  {
    id: 'error-extra-fields',
    area: 'errors',
    allows:
      'error body (generic form): {success: false, error: string, code: string}; more fields are not excluded',
    only: ['errors', 'rest.06.stateful-sequence'],
    hooks: () => ({
      answer: editJson(
        (_r, a) => a.status >= 400,
        (b) => (isErrorBody(b) ? { ...b, request_id: 'req-1', details: [] } : b),
      ),
    }),
  },
  {
    id: 'error-code-names',
    area: 'errors',
    allows: 'Other values of the `code` field [...]: not shown',
    only: ['errors', 'speech.02.error-table'],
    hooks: () => ({
      answer: editJson(
        (_r, a) => a.status >= 400,
        (b) =>
          isErrorBody(b) && b.code !== 'NOT_FOUND'
            ? { ...b, code: `err.${String(b.code).toLowerCase()}` }
            : b,
      ),
    }),
  },
  {
    id: 'validation-as-400',
    area: 'errors',
    allows: '400 invalid request body (the 422 is what the machine-readable description declares)',
    only: ['errors.03.schema-violations', 'rest.04.get-meetings-limits'],
    hooks: () => ({
      answer: (req, a) =>
        a.status === 422
          ? {
              ...editJson(
                () => true,
                () => ({ success: false, error: 'Invalid request body', code: 'INVALID_ARGUMENT' }),
              )(req, a),
              status: 400,
            }
          : a,
    }),
  },
  {
    id: 'loc-without-body',
    area: 'errors',
    allows:
      'Validation error body: {detail: array of {loc: (string or integer)[], msg, type}} (no "body" prefix required)',
    only: ['errors.03.schema-violations'],
    hooks: () => ({
      answer: (req, a) =>
        a.status === 422
          ? editJson(
              () => true,
              (b) => ({
                detail: (b.detail as { loc: unknown[] }[]).map((d) => ({
                  ...d,
                  loc: d.loc[0] === 'body' ? d.loc.slice(1) : d.loc,
                })),
              }),
            )(req, a)
          : a,
    }),
  },
  {
    id: 'oauth-token-rfc6749',
    area: 'partner',
    allows:
      'request and response fields of the token exchange: not shown (RFC 6749 §5.1: token_type case-insensitive, expires_in RECOMMENDED)',
    only: [
      'partner.01.oauth-pkce-flow',
      'partner.02.token-refresh-rotation',
      'partner.03.me',
      'partner.09.client-authentication',
      'partner.11.refresh-after-revocation',
      'partner.12.revoked-grant-tokens',
    ],
    hooks: () => ({
      answer: editJson(
        (req, a) => pathOf(req).endsWith('/token') && a.status === 200,
        ({ expires_in: _e, scope: _s, ...b }) => ({ ...b, token_type: 'bearer' }),
      ),
    }),
  },
  {
    id: 'cacheable-answers',
    area: 'rest',
    allows:
      'nothing on caching: any Cache-Control where the spec names no rule (RFC 6749 §5.1 keeps no-store on token answers)',
    only: ['rest.01.route-schemas', 'partner.01.oauth-pkce-flow', 'partner.04.triggers'],
    hooks: () => ({
      answer: (req, a) => {
        if (pathOf(req).endsWith('/token')) return a;
        const headers = new Headers(a.headers);
        headers.set('cache-control', 'public, max-age=300');
        return { ...a, headers };
      },
    }),
  },
  {
    id: 'refresh-no-rotation',
    area: 'partner',
    allows:
      'Token lifecycle is handled by the calling platform (RFC 6749 §6: a new refresh token MAY be issued)',
    only: ['partner.02.token-refresh-rotation'],
    hooks: noRotation,
  },
  {
    id: 'messages-newest-first',
    area: 'rest',
    allows: 'Order of returned messages and direction of the cursor for get-meeting-messages: not shown',
    only: ['rest.12.message-delete-effects', 'errors.08.second-account-writes'],
    hooks: () => ({
      answer: editJson(
        (req) => pathOf(req) === '/v1/get-meeting-messages',
        (b) => ({ ...b, messages: Array.isArray(b.messages) ? [...b.messages].reverse() : b.messages }),
      ),
    }),
  },
  {
    id: 'max-recording-ignored',
    area: 'rest',
    allows:
      'max_recording_minutes: returned by the service; not updatable (an attempt to set it ignored rather than refused)',
    only: ['rest.14.settings-effects'],
    hooks: () => ({
      request(req) {
        if (pathOf(req) !== '/v1/update-user-default-meeting-setting') return req;
        const { max_recording_minutes: _m, ...fields } = JSON.parse(req.body.toString('utf8') || '{}');
        return { ...req, body: Buffer.from(JSON.stringify(fields)) };
      },
    }),
  },
  {
    id: 'no-co-host-ids',
    area: 'rest',
    allows:
      'assign-co-host and remove-co-host return {success, meeting: Meeting}; the Meeting names no co-host field',
    only: ['rest.10.co-host-effects'],
    hooks: () => ({
      answer: editJson(
        (req) => pathOf(req).startsWith('/v1/'),
        (b) => {
          const strip = (m: unknown) => {
            if (!m || typeof m !== 'object') return m;
            const { co_host_ids: _c, ...rest } = m as Record<string, unknown>;
            return rest;
          };
          return {
            ...b,
            ...(b.meeting ? { meeting: strip(b.meeting) } : {}),
            ...(Array.isArray(b.meetings) ? { meetings: b.meetings.map(strip) } : {}),
          };
        },
      ),
    }),
  },
  {
    id: 'transcript-one-record',
    area: 'rest',
    allows:
      'Cached transcript record: id, meeting_id, message_id, utterances (the spec ties a record to nothing but its meeting: here the whole meeting is one record)',
    only: ['rest.23.cached-transcripts'],
    hooks: () => ({
      answer: editJson(
        (req) => pathOf(req) === '/v1/get-meeting-transcripts',
        (b) => {
          const records = Array.isArray(b.transcripts) ? (b.transcripts as Record<string, unknown>[]) : [];
          const [first] = records;
          if (!first) return b;
          const utterances = records.flatMap((r) => (Array.isArray(r.utterances) ? r.utterances : []));
          return { ...b, transcripts: [{ ...first, id: 'trs_whole', message_id: 'msg_whole', utterances }] };
        },
      ),
    }),
  },
  {
    id: 'vendor-field-everywhere',
    area: 'rest',
    allows:
      'Resources list the fields a client can rely on; nothing forbids a vendor\'s own, in any object of any answer ("An update response carries only id, meeting_id, transcript, language, speaker_v2, texts" names what it carries, it bans no extension)',
    only: ['rest', 'errors', 'speech', 'partner', 'stream'],
    profile: 'full',
    hooks: () => markEveryAnswer('x_vendor', 'acme'),
  },
];
