import { type Json, onAnswer, onPrefix, reply } from '../blind/edits.js';
import { jsonOf } from '../mutant-run.js';
import { type Answer, type Exchange, pathOf } from '../variant-proxy.js';
import { callbackRelay, partnerViolationsOfFields } from './edits-partner.js';
import { type FactViolation, faulted, proxied } from './fact-violation.js';

// Deployments that each break one fact of src/checks/partner/partner.facts.ts: a trigger answer or a
// meeting's details reshaped, a token answer edited, or one of the reference server's own faults.

const TRIGGER = '/api/partner/triggers/';
const items = (body: unknown): Json[] => (Array.isArray(body) ? (body as Json[]) : []);
const everyTrigger = (edit: (items: Json[]) => unknown) =>
  onPrefix(TRIGGER, (b, s) => (s === 200 && Array.isArray(b) ? [s, edit(items(b))] : [s, b]));
const isDetails = (req: Exchange) => /^\/api\/partner\/meetings\/[^/]+$/.test(pathOf(req));
const onDetails = (edit: (details: Json) => unknown) => ({
  answer(req: Exchange, a: Answer): Answer {
    if (!isDetails(req) || a.status !== 200) return a;
    return reply(a, 200, edit(jsonOf(a.body)));
  },
});
const isDocument = (req: Exchange) => /\/generate-document$/.test(pathOf(req));
const onDocument = (edit: (body: Json, asked: Json) => [number, unknown]) => ({
  answer(req: Exchange, a: Answer): Answer {
    if (!isDocument(req) || a.status !== 200) return a;
    const [status, body] = edit(jsonOf(a.body), jsonOf(req.body));
    return reply(a, status, body);
  },
});
const isToken = (req: Exchange) => pathOf(req) === '/api/oauth/partner/token';
const grantOf = (req: Exchange) => new URLSearchParams(req.body.toString('utf8')).get('grant_type');

export const partnerViolations: readonly FactViolation[] = [
  faulted('partner.auth.bearer-required', 'partner-401-as-200', 'partner routes served without a token'),
  proxied('partner.auth.bearer-accepted', 'refused', 'a valid bearer token refused on /me', () => ({
    answer: (req, a) => (pathOf(req) === '/api/partner/me' ? reply(a, 401, { error: 'invalid_token' }) : a),
  })),
  proxied('partner.meeting-ended.ended', 'live-listed', 'meeting-ended lists meetings without an end', () =>
    everyTrigger((list) => list.map((item) => ('end_at' in item ? { ...item, end_at: null } : item))),
  ),
  proxied('partner.triggers.get', 'post-only', 'trigger routes answer GET with 405', () =>
    everyTrigger(() => ({ detail: 'Method Not Allowed' })),
  ),
  proxied('partner.triggers.json-array', 'wrapped', 'trigger items wrapped in {items}', () =>
    everyTrigger((list) => ({ items: list })),
  ),
  faulted('partner.triggers.newest-first', 'trigger-newest-last', 'triggers listed oldest first'),
  proxied('partner.triggers.at-most-50', 'one-more', 'a full trigger page gets a 51st item', () =>
    everyTrigger((list) =>
      list.length === 50 ? [...list, { ...list[49], id: `${list[49]?.id}-more` }] : list,
    ),
  ),
  faulted('partner.triggers.id-unique', 'trigger-repeated-id', 'a trigger repeats an item id'),
  proxied(
    'partner.triggers.id-stable',
    'per-poll',
    'every poll gives every item a new id',
    () => {
      let poll = 0;
      return everyTrigger((list) => {
        poll++;
        return list.map((item) => ({ ...item, id: `${item.id}-p${poll}` }));
      });
    },
    { profile: 'full' },
  ),
  proxied('partner.triggers.limit-row', 'newest-last', 'triggers reversed: oldest first', () =>
    everyTrigger((list) => [...list].reverse()),
  ),
  proxied('partner.triggers.four-polled', 'followup-missing', 'no follow-up e-mail trigger (404)', () =>
    onAnswer(`${TRIGGER}followup-email-ready`, () => [404, { error: 'not_found' }]),
  ),
  proxied('partner.oauth.authorize-redirect', 'no-redirect', 'the authorize route answers 404', () => ({
    answer: (req, a) =>
      pathOf(req) === '/oauth/partner/authorize' && req.method === 'GET'
        ? reply(a, 404, { error: 'not_found' })
        : a,
  })),
  faulted('partner.oauth.state-echoed', 'oauth-state-dropped', 'the redirect back loses state'),
  faulted('partner.oauth.consent-denied', 'consent-denied-error-dropped', 'a denial redirects without error'),
  proxied(
    'partner.oauth.code-exchange',
    'no-refresh-token',
    'the code exchange answers no refresh_token',
    () => ({
      answer(req, a) {
        if (!isToken(req) || a.status !== 200 || grantOf(req) !== 'authorization_code') return a;
        const { refresh_token: _, ...rest } = jsonOf(a.body);
        return reply(a, 200, rest);
      },
    }),
  ),
  faulted('partner.oauth.token-no-store', 'token-cacheable', 'token answers may be cached'),
  proxied('partner.oauth.refresh', 'refused', 'a refresh token is refused with invalid_grant', () => ({
    answer: (req, a) =>
      isToken(req) && grantOf(req) === 'refresh_token' ? reply(a, 400, { error: 'invalid_grant' }) : a,
  })),
  faulted(
    'partner.oauth.error-invalid-grant',
    'token-invalid-grant-misnamed',
    'a used code is invalid_request',
  ),
  faulted('partner.oauth.error-status-400', 'token-refusal-403', 'token refusals answer 403'),
  faulted('partner.oauth.client-auth-401', 'basic-wrong-secret-400', 'a wrong Basic secret is a 400'),
  faulted('partner.oauth.revoked-refresh-refused', 'revocation-ignored', 'revocation revokes nothing'),
  proxied(
    'partner.oauth.code-reuse-revokes',
    'reuse-unseen',
    'a code used again is refused, but the tokens it gave keep working',
    () => {
      // The second use of a code goes upstream as an unknown code: refused, and nothing revoked.
      const used = new Set<string>();
      return {
        request(req) {
          if (!isToken(req)) return req;
          const form = new URLSearchParams(req.body.toString('utf8'));
          const code = form.get('code');
          if (form.get('grant_type') !== 'authorization_code' || !code) return req;
          if (!used.has(code)) {
            used.add(code);
            return req;
          }
          form.set('code', `${code}-unknown`);
          return { ...req, body: Buffer.from(form.toString()) };
        },
      };
    },
  ),
  ...partnerViolationsOfFields(),
  proxied('partner.me.email.content', 'other-user', "/me names another user's e-mail", () =>
    onAnswer('/api/partner/me', (b, s) => [s, { ...b, email: 'someone.else@example.com' }]),
  ),
  proxied(
    'partner.details.id.content',
    'other-id',
    'details carry another id than the meeting asked for',
    () => onDetails((d) => ({ ...d, id: `${String(d.id)}-x` })),
  ),
  faulted(
    'partner.details.latest-summary.content',
    'details-summary-missing',
    'details without their summary',
  ),
  proxied('partner.details.latest-summary.fields', 'no-ai-model', 'latest_summary without ai_model', () =>
    onDetails((d) => {
      const summary = d.latest_summary as Json | null;
      if (!summary) return d;
      const { ai_model: _, ...rest } = summary;
      return { ...d, latest_summary: rest };
    }),
  ),
  proxied('partner.document.route', 'missing', 'generate-document answers 404', () => ({
    answer: (req, a) => (isDocument(req) ? reply(a, 404, { error: 'not_found' }) : a),
  })),
  proxied(
    'partner.document.model.both-allowed',
    'alternate-refused',
    'the second allowed model refused',
    () => ({
      answer(req, a) {
        if (!isDocument(req)) return a;
        const model = jsonOf(req.body).model;
        return model === 'parley-alternate'
          ? reply(a, 400, { success: false, error: 'unknown model', code: 'BAD_MODEL' })
          : a;
      },
    }),
  ),
  proxied('partner.document.sync.success', 'string', 'success answered as the string "true"', () =>
    onDocument((b) => [200, { ...b, success: String(b.success) }]),
  ),
  proxied('partner.document.sync.meeting_id', 'other', 'meeting_id of another meeting', () =>
    onDocument((b) => [200, { ...b, meeting_id: `${String(b.meeting_id)}-x` }]),
  ),
  faulted('partner.document.sync.document_text', 'document-text-empty', 'generate-document answers no text'),
  proxied('partner.document.sync.message', 'dropped', 'the answer without message', () =>
    onDocument((b, asked) => {
      if (asked.callback_url !== undefined) return [200, b];
      const { message: _, ...rest } = b;
      return [200, rest];
    }),
  ),
  proxied('partner.document.async.accepted', 'no-meeting-id', 'the immediate answer without meeting_id', () =>
    onDocument((b, asked) => {
      if (asked.callback_url === undefined) return [200, b];
      const { meeting_id: _, ...rest } = b;
      return [200, rest];
    }),
  ),
  ...['post', 'status', 'meeting_id', 'document_text', 'created_at'].map((field) =>
    proxied(
      `partner.document.callback.${field}`,
      'relayed',
      `the callback ${field === 'post' ? 'sent as PUT' : `with ${field} broken`}`,
      () => callbackRelay(field),
      // Without --webhook-secret: the relayed body no longer matches its signature.
      { options: { webhookSecret: '' } },
    ),
  ),
];
