import type { Fact, FactKind, FactLevel } from '../../facts/fact.js';
import { factBuilders } from '../../facts/fact-builders.js';

// The facts of the automation-platform interface (the partner routes, their OAuth flow, the triggers,
// meeting details and generate-document with its callback), one per cell or clause.

const TRIGGERS = 'partner.04.triggers';
const DETAILS = 'partner.05.meeting-details';
const DOCUMENT = 'partner.06.generate-document';

const build = factBuilders('partner');
const judged = (
  id: string,
  kind: FactKind,
  sentence: string,
  words: string,
  checks: string[],
  level: FactLevel = 'MUST',
) => build.judged(id, kind, level, sentence, words, checks);
const unjudged = (id: string, kind: FactKind, sentence: string, words: string, why: string) =>
  build.unjudged(id, kind, kind === 'descriptive' ? 'descriptive' : 'MUST', sentence, words, why);

/** A listed field's presence, and its type where the row (or the resource it repeats) gives one. */
function fields(
  subject: string,
  sentence: string,
  checks: string[],
  list: [name: string, type?: string][],
): Fact[] {
  return list.flatMap(([name, type]) => [
    judged(`${subject}.${name}.presence`, 'presence', sentence, `{… ${name} …}`, checks),
    ...(type ? [judged(`${subject}.${name}.type`, 'type', sentence, `${name} ${type}`, checks)] : []),
  ]);
}

const API = (n: number) => `S-automation-platform-interface-${String(n).padStart(2, '0')}`;

export const partnerFacts: readonly Fact[] = [
  unjudged(
    'base-url',
    'descriptive',
    API(1),
    'Base `{integration_url}`.',
    'names an input of the run (--integration-url), not a behaviour',
  ),
  unjudged(
    'service.interface',
    'descriptive',
    'S-what-the-service-does-13',
    'An automation-platform interface: OAuth 2.0 authorization-code sign-in, four polling triggers and two actions.',
    'sums up the interface: each part is a fact of its own (partner.oauth.*, partner.triggers.*, partner.document.*)',
  ),
  judged(
    'meeting-ended.ended',
    'state',
    'S-states-and-transitions-06',
    'the meeting-ended trigger of the automation interface lists meetings that have ended',
    [TRIGGERS],
  ),
  judged('auth.bearer-required', 'auth', API(2), 'Bearer-token authentication', ['partner.07.no-token-401']),
  judged(
    'auth.bearer-accepted',
    'auth',
    'S-authentication-09',
    'Step 3: requests carry `Authorization: Bearer <ACCESS_TOKEN>`.',
    ['partner.03.me'],
  ),
  judged('triggers.get', 'protocol', API(3), 'Trigger routes are `GET`', [TRIGGERS]),
  judged('triggers.json-array', 'type', API(3), 'return a JSON array', [TRIGGERS]),
  judged('triggers.newest-first', 'order', API(3), 'sorted newest first', [TRIGGERS]),
  judged('triggers.at-most-50', 'limit', API(3), 'at most 50 items', [TRIGGERS]),
  judged('triggers.id-unique', 'content', API(3), "each item's `id` is its deduplication key", [TRIGGERS]),
  judged(
    'triggers.id-stable',
    'content',
    API(3),
    "each item's `id` is its deduplication key (the same item keeps it from poll to poll)",
    [TRIGGERS],
  ),
  judged('triggers.limit-row', 'limit', 'S-limits-13', 'trigger result size | 50 items, newest first', [
    TRIGGERS,
  ]),
  judged(
    'triggers.four-polled',
    'protocol',
    'S-polling-triggers-01',
    'The four automation triggers (meeting ended, summary ready, contact discovered, follow-up e-mail ready) are polled by the caller',
    [TRIGGERS],
  ),
  judged(
    'oauth.authorize-redirect',
    'protocol',
    API(4),
    'GET /oauth/partner/authorize | start of the authorization-code flow (browser redirect)',
    ['partner.01.oauth-pkce-flow'],
  ),
  judged(
    'oauth.state-echoed',
    'protocol',
    'S-authentication-07',
    "Step 1: the user is sent to GET /oauth/partner/authorize to grant access (OAuth 2.0: the redirect back carries the client's state)",
    ['partner.01.oauth-pkce-flow'],
  ),
  judged(
    'oauth.consent-denied',
    'protocol',
    'S-authentication-07',
    'to grant access (OAuth 2.0: a denied grant redirects back with error=access_denied)',
    ['partner.10.consent-denied'],
  ),
  judged(
    'oauth.code-exchange',
    'protocol',
    'S-authentication-08',
    'Step 2: the code is exchanged at POST /api/oauth/partner/token for an access token and a refresh token.',
    ['partner.01.oauth-pkce-flow'],
  ),
  judged(
    'oauth.token-no-store',
    'protocol',
    API(5),
    'POST /api/oauth/partner/token | exchange of authorization code for access and refresh tokens (OAuth 2.0: Cache-Control no-store)',
    ['partner.01.oauth-pkce-flow'],
  ),
  judged(
    'oauth.refresh',
    'protocol',
    'S-authentication-08',
    'an access token and a refresh token (OAuth 2.0: a refresh token gives a new access token)',
    ['partner.02.token-refresh-rotation'],
  ),
  judged(
    'oauth.error-invalid-grant',
    'error',
    API(5),
    'exchange of authorization code (OAuth 2.0: an unknown or used code is invalid_grant)',
    ['partner.08.token-errors'],
  ),
  judged(
    'oauth.error-status-400',
    'error',
    API(5),
    'exchange of authorization code (OAuth 2.0: a refused token request answers 400)',
    ['partner.08.token-errors'],
  ),
  judged(
    'oauth.client-auth-401',
    'error',
    API(5),
    'exchange of authorization code (OAuth 2.0: a client that fails authentication by Basic gets 401 with WWW-Authenticate)',
    ['partner.09.client-authentication'],
  ),
  judged(
    'oauth.revoked-refresh-refused',
    'auth',
    'S-authentication-06',
    'OAuth 2.0 authorization-code flow (RFC 7009: a revoked refresh token no longer works)',
    ['partner.11.refresh-after-revocation'],
  ),
  judged(
    'oauth.code-reuse-revokes',
    'auth',
    'S-authentication-06',
    'OAuth 2.0 authorization-code flow (RFC 6749 §4.1.2: a code used twice SHOULD revoke the tokens it gave)',
    ['partner.12.revoked-grant-tokens'],
    'SHOULD',
  ),
  ...fields(
    'me',
    API(6),
    ['partner.03.me'],
    [
      ['user_id', 'string'],
      ['email', 'string'],
      ['display_name', 'string'],
    ],
  ),
  judged('me.email.content', 'content', API(6), "connection test | {… email …}: the connected user's", [
    'partner.03.me',
  ]),
  ...fields(
    'meeting-ended',
    API(7),
    [TRIGGERS],
    [
      ['id'],
      ['title'],
      ['start_at', 'timestamp'],
      ['end_at', 'timestamp'],
      ['language'],
      ['host_user_id'],
      ['participant_count', 'number'],
      ['tags', 'string[]'],
    ],
  ),
  ...fields(
    'summary-ready',
    API(8),
    [TRIGGERS],
    [['id'], ['meeting_id'], ['meeting_title'], ['ai_model'], ['markdown_body'], ['created_at', 'timestamp']],
  ),
  ...fields(
    'contact-discovered',
    API(9),
    [TRIGGERS],
    [
      ['id'],
      ['meeting_id'],
      ['meeting_title'],
      ['name'],
      ['email'],
      ['company_name'],
      ['company_position'],
      ['social_profile_id'],
      ['created_at', 'timestamp'],
    ],
  ),
  ...fields(
    'followup-email-ready',
    API(10),
    [TRIGGERS],
    [['id'], ['meeting_id'], ['meeting_title'], ['subject'], ['body_html'], ['created_at', 'timestamp']],
  ),
  unjudged(
    'meeting-ended.took-part',
    'content',
    API(7),
    'meetings the user took part in that ended',
    "which meetings a partner user took part in is the deployment's data: no route of the spec shows a partner user's meetings to compare with",
  ),
  unjudged(
    'contact-discovered.guests',
    'content',
    API(9),
    'new contacts (guest profiles) found in meetings',
    'how contacts arise is not shown: a run cannot make the deployment discover one',
  ),
  unjudged(
    'followup-email-ready.content',
    'content',
    API(10),
    'AI follow-up e-mails that became ready',
    'how a follow-up e-mail arises is not shown: a run cannot make one',
  ),
  ...fields(
    'details',
    API(11),
    [DETAILS],
    [
      ['id'],
      ['title'],
      ['start_at', 'timestamp'],
      ['end_at'],
      ['language'],
      ['host_user_id'],
      ['participant_count'],
      ['tags'],
      ['latest_summary'],
    ],
  ),
  judged('details.id.content', 'content', API(11), '`id` is the meeting id', [DETAILS]),
  judged('details.latest-summary.content', 'content', API(11), 'meeting details with the latest AI summary', [
    DETAILS,
  ]),
  judged(
    'details.latest-summary.fields',
    'presence',
    API(11),
    'latest_summary: {ai_model, markdown_body, created_at}',
    [DETAILS],
  ),
  judged('document.route', 'protocol', API(12), 'POST /api/partner/meetings/{id}/generate-document', [
    DOCUMENT,
  ]),
  unjudged(
    'document.prompt.required',
    'error',
    API(13),
    '`prompt` string (required)',
    'what the service answers to a body without prompt is not shown ("Error responses of the automation-platform interface: not shown")',
  ),
  judged(
    'document.model.both-allowed',
    'enum',
    API(13),
    '`model` string (optional; one of two allowed values …: `<default_model>` or `<alternate_model>`)',
    ['partner.20.document-models'],
  ),
  unjudged(
    'document.model.default',
    'default',
    API(13),
    'the default being the first',
    'no field of either answer names the model that wrote the document',
  ),
  judged('document.sync.success', 'type', API(14), 'success: boolean', [DOCUMENT]),
  judged('document.sync.meeting_id', 'content', API(14), 'meeting_id: string', [DOCUMENT]),
  judged('document.sync.document_text', 'content', API(14), 'document_text: string', [DOCUMENT]),
  judged('document.sync.message', 'presence', API(14), 'message: string', [DOCUMENT]),
  judged(
    'document.async.accepted',
    'presence',
    API(15),
    'the immediate response is {success, meeting_id, message}',
    [DOCUMENT],
  ),
  judged(
    'document.callback.post',
    'protocol',
    'S-callback-01',
    "Asynchronous generate-document results are delivered by a POST to the caller's `callback_url`",
    [DOCUMENT],
  ),
  judged('document.callback.status', 'enum', API(15), 'status: string (`success`)', [DOCUMENT]),
  judged('document.callback.meeting_id', 'content', API(15), 'meeting_id', [DOCUMENT]),
  judged('document.callback.document_text', 'content', API(15), 'document_text', [DOCUMENT]),
  judged('document.callback.created_at', 'presence', API(15), 'created_at', [DOCUMENT]),
  unjudged(
    'routes.partner-word',
    'descriptive',
    'S-introduction-07',
    "In the automation-platform routes the word `partner` replaces the platform's own name.",
    "names a placeholder: the segment a deployment uses is the run's input (its --integration-url and paths), not a behaviour",
  ),
  unjudged(
    'oauth.lifecycle',
    'descriptive',
    'S-authentication-10',
    'Token lifecycle is handled by the calling platform.',
    'leaves the lifecycle to the platform: rotation, expiry and reuse are choices (allowed variants refresh-no-rotation, oauth-token-minimal)',
  ),
  unjudged(
    'oauth.not-shown',
    'descriptive',
    'S-authentication-14',
    'Lifetime of access and refresh tokens, request and response fields of the token exchange, and the authentication scheme of translate-text: not shown.',
    'not shown: judged only as OAuth 2.0 itself pins them (partner.oauth.*)',
  ),
];
