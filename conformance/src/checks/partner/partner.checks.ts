import { expectAnswer } from '../../answer.js';
import { choice, expect, verify } from '../../check.js';
import { at, pick } from '../../json-path.js';
import {
  approve,
  authorizeQuery,
  connect,
  expectTokens,
  isRefusal,
  oauthInputs,
  partnerGet,
  pkcePair,
  tokenRequest,
} from '../../partner-oauth.js';
import { expectStatus, verifyStatus } from '../../schema-check.js';
import { define } from '../define.js';
import { partnerDataChecks } from './partner-data.checks.js';
import { partnerDocumentModelsChecks } from './partner-document-models.checks.js';
import { TRIGGERS } from './partner-triggers.js';

// Partner (automation-platform) checks: the OAuth flow and the token lifecycle (they need
// --oauth-client, --oauth-user and --oauth-redirect-uri), /me and 401 without a token. The checks
// of the data the interface serves are in partner-data.checks.ts. A check that lacks its inputs
// is SKIPPED and names the flags it needs.

const OAUTH_CLAUSE = 'Authentication 4: OAuth 2.0 authorization-code flow';

export const partnerChecks = [
  define({
    id: 'partner.01.oauth-pkce-flow',
    title: 'Authorization-code flow with PKCE: pages, state, code exchange; a wrong verifier is refused',
    area: 'partner',
    clause: `${OAUTH_CLAUSE} (steps 1-2); PKCE S256 (RFC 7636)`,
    spec: 'Automation-platform interface: OAuth 2.0 authorization-code flow. Step 1: the user is sent to GET /oauth/partner/authorize to grant access. Step 2: the code is exchanged at POST /api/oauth/partner/token for an access token and a refresh token.',
    choices:
      "a code exchanged with the wrong PKCE verifier refused with invalid_grant; Parley's token answer (expires_in present, token_type spelled Bearer)",
    level: 'MUST',
    async run(ctx) {
      oauthInputs(ctx);
      // The run's shared grant (the other checks use its access token).
      await ctx.shared('partner-grant', () => connect(ctx));
      // A second authorization whose code is exchanged with another verifier must be refused.
      const back = await approve(
        ctx,
        authorizeQuery(ctx, { state: 'kit-pkce', code_challenge: pkcePair().challenge }),
      );
      const code = back.searchParams.get('code');
      expect(
        code,
        'MISSING_FIELD',
        `second authorization: no code in ${back.search}`,
        at('second authorization', 'query code'),
      );
      const wrong = await tokenRequest(ctx, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: oauthInputs(ctx).redirectUri,
        code_verifier: pkcePair().verifier,
      });
      // The spec names no PKCE; Parley requires it (RFC 9700 §2.1.1), so refusing is Parley's choice.
      const refusedWith = pick(wrong.body, 'error');
      choice(
        isRefusal(wrong),
        'SECURITY',
        `a code exchanged with the wrong PKCE verifier: accepted (${wrong.status}), not refused`,
        at('wrong PKCE verifier', 'status', '400 with error', wrong.status),
      );
      choice(
        wrong.status !== 400 || refusedWith === 'invalid_grant',
        'VALUE',
        `the wrong PKCE verifier refused with ${JSON.stringify(refusedWith)}, not invalid_grant`,
        at('wrong PKCE verifier', '$.error', 'invalid_grant', refusedWith),
      );
      return 'signed in, consented, state echoed, code exchanged with its verifier; a wrong verifier refused';
    },
  }),
  define({
    id: 'partner.02.token-refresh-rotation',
    title: 'Refresh gives new tokens; the rotated refresh token is refused',
    area: 'partner',
    clause: `${OAUTH_CLAUSE}; refresh tokens rotate (RFC 9700 §4.14.2)`,
    spec: 'Step 2: the code is exchanged [...] for an access token and a refresh token. (RFC 6749 \u00a76: a refresh gives a new access token)',
    choices:
      'refresh tokens rotate and a rotated one is refused (the spec: "Token lifecycle is handled by the calling platform")',
    level: 'MUST',
    async run(ctx) {
      oauthInputs(ctx);
      // A grant of its own: reusing a rotated token may end the whole grant.
      const first = await connect(ctx);
      // "Token lifecycle is handled by the calling platform": a refresh must give a working access
      // token (RFC 6749 §6); rotating the refresh token and refusing the old one is Parley's choice.
      const refreshed = expectTokens(
        ctx,
        await tokenRequest(ctx, { grant_type: 'refresh_token', refresh_token: first.refresh_token ?? '' }),
        'refresh',
        false,
      );
      choice(
        refreshed.access_token !== first.access_token,
        'VALUE',
        'refresh answered the same access token',
        at('refresh', '$.access_token', 'a new access token'),
      );
      choice(
        refreshed.refresh_token !== undefined && refreshed.refresh_token !== first.refresh_token,
        'VALUE',
        'refresh answered no new refresh token (no rotation)',
        at('refresh', '$.refresh_token', 'a new refresh token'),
      );
      const me = await ctx.http.send(ctx.partnerUrl('/api/partner/me'), {
        headers: { authorization: `Bearer ${refreshed.access_token}` },
      });
      expectStatus(me, 200, '/api/partner/me with the refreshed access token');
      if (refreshed.refresh_token !== undefined && refreshed.refresh_token !== first.refresh_token) {
        const reused = await tokenRequest(ctx, {
          grant_type: 'refresh_token',
          refresh_token: first.refresh_token ?? '',
        });
        choice(
          isRefusal(reused),
          'SECURITY',
          `the rotated refresh token used again: accepted (${reused.status}), not refused`,
          at('rotated refresh token', 'status', '400 with error', reused.status),
        );
      }
      return 'refresh gave an access token that works';
    },
  }),
  define({
    id: 'partner.03.me',
    title: '/api/partner/me answers the connected user',
    area: 'partner',
    clause: 'Automation-platform interface: GET /api/partner/me {user_id, email, display_name}',
    spec: 'GET /api/partner/me | connection test | {user_id string, email string, display_name string}',
    level: 'MUST',
    async run(ctx) {
      const reply = await partnerGet(ctx, '/api/partner/me');
      expectStatus(reply, 200, '/api/partner/me');
      const me = expectAnswer(reply, 'partner-me', '/api/partner/me');
      const user = ctx.target.partnerToken ? undefined : ctx.target.oauthUser;
      if (user) {
        verify(
          String(me.email).toLowerCase() === user.email.toLowerCase(),
          'VALUE',
          `/api/partner/me: email is "${me.email}", not the signed-in user's "${user.email}"`,
          at('/api/partner/me', '$.email', user.email, me.email),
        );
      }
      return `user ${me.user_id}`;
    },
  }),
  ...partnerDataChecks,
  ...partnerDocumentModelsChecks,
  define({
    id: 'partner.07.no-token-401',
    title: 'Partner routes without a token, or with an unknown one, answer 401',
    area: 'partner',
    clause: 'Authentication 4: requests carry Authorization: Bearer <ACCESS_TOKEN>',
    spec: 'Step 3: requests carry `Authorization: Bearer <ACCESS_TOKEN>`.',
    level: 'MUST',
    expectsAuthErrors: true,
    async run(ctx) {
      const routes: [string, string][] = [
        ['GET', '/api/partner/me'],
        ...TRIGGERS.map(({ name }): [string, string] => ['GET', `/api/partner/triggers/${name}`]),
        ['GET', '/api/partner/meetings/kit-unknown-meeting'],
        ['POST', '/api/partner/meetings/kit-unknown-meeting/generate-document'],
      ];
      for (const [method, path] of routes) {
        for (const token of [undefined, 'kit-not-a-token']) {
          const reply = await ctx.http.send(ctx.partnerUrl(path), {
            method,
            headers: token ? { authorization: `Bearer ${token}` } : {},
            ...(method === 'POST' ? { body: { prompt: 'x' } } : {}),
          });
          verifyStatus(
            reply,
            401,
            `${method} ${path} ${token ? 'with an unknown token' : 'without a token'}`,
          );
        }
      }
      return `${routes.length} routes × (no token, unknown token) → 401`;
    },
  }),
];
