import { choice, verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import type { Reply } from '../../http-client.js';
import { at, pick } from '../../json-path.js';
import {
  approve,
  authorizedCode,
  authorizeQuery,
  connect,
  expectTokens,
  oauthInputs,
  pkcePair,
  TOKEN_PATH,
  tokenRequest,
} from '../../partner-oauth.js';
import { expectJson } from '../../schema-check.js';
import { define } from '../define.js';

// The token endpoint and the authorize step past the happy path, as RFC 6749 words them (the spec
// says the exchange is "OAuth 2.0 authorization-code" and shows none of its fields, so the RFC
// governs): the §5.2 error answers, client authentication (§2.3.1) and a denied consent (§4.1.2.1)
// (revocation: partner-revocation.checks.ts).
// They need --oauth-client, --oauth-user and --oauth-redirect-uri (SKIPPED naming them otherwise).

export const SPEC =
  'Automation-platform interface: OAuth 2.0 authorization-code flow. [...] Step 2: the code is exchanged at POST /api/oauth/partner/token for an access token and a refresh token.';

/**
 * An RFC 6749 §5.2 error answer: `status`, a JSON body whose `error` is `error` (REQUIRED, from
 * the RFC's list) and whose `error_description`, when present, is a string (OPTIONAL).
 */
export function verifyOAuthError(reply: Reply, what: string, status: number, error: string): boolean {
  const statusOk = verify(
    reply.status === status,
    'STATUS',
    `${what}: expected ${status} with error ${error} (RFC 6749 §5.2), got ${reply.status} ${reply.text.slice(0, 200)}`,
    at(what, 'status', status, reply.status),
  );
  if (reply.status < 400) return false;
  expectJson(reply, what);
  const said = pick(reply.body, 'error');
  const errorOk = verify(
    said === error,
    said === undefined ? 'MISSING_FIELD' : 'VALUE',
    `${what}: error is ${JSON.stringify(said)}, not ${error} (RFC 6749 §5.2)`,
    at(what, '$.error', error, said),
  );
  const description = pick(reply.body, 'error_description');
  verify(
    description === undefined || typeof description === 'string',
    'TYPE',
    `${what}: error_description is not a string (RFC 6749 §5.2)`,
    at(what, '$.error_description', 'a string', description),
  );
  return statusOk && errorOk;
}

/** A token request with the client's credentials in the form body instead of Basic (§2.3.1). */
function bodyAuthenticated(
  ctx: CheckContext,
  fields: Record<string, string>,
  secret?: string,
): Promise<Reply> {
  const { client } = oauthInputs(ctx);
  const form = new URLSearchParams({
    ...fields,
    client_id: client.id,
    client_secret: secret ?? client.secret,
  });
  ctx.secret('OAUTH_CLIENT_SECRET', new URLSearchParams({ s: client.secret }).toString().slice(2));
  return ctx.http.send(ctx.partnerUrl(TOKEN_PATH), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
}

/** The client of --oauth-client with another secret: what a wrong secret sends by Basic. */
function withWrongSecret(ctx: CheckContext, fields: Record<string, string>): Promise<Reply> {
  const { client } = oauthInputs(ctx);
  const basic = Buffer.from(`${encodeURIComponent(client.id)}:parley-kit-wrong-secret`).toString('base64');
  return ctx.http.send(ctx.partnerUrl(TOKEN_PATH), {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

export const partnerTokenChecks = [
  define({
    id: 'partner.08.token-errors',
    title:
      'Token endpoint refusals: a used, unknown or mismatched code invalid_grant, unsupported_grant_type, invalid_request, each a 400',
    area: 'partner',
    clause:
      'Authentication 4 step 2 (OAuth 2.0): RFC 6749 §5.2 (error REQUIRED; 400 unless specified otherwise), §4.1.2 (a code used twice MUST be denied), §4.1.3 (redirect_uri identical)',
    spec: SPEC,
    level: 'MUST',
    async run(ctx) {
      const { redirectUri } = oauthInputs(ctx);
      const { code, verifier } = await authorizedCode(ctx, 'kit-token-errors');
      const exchange = {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      };
      expectTokens(ctx, await tokenRequest(ctx, exchange), 'code exchange');
      // §4.1.2: "If an authorization code is used more than once, the authorization server MUST deny the request".
      verifyOAuthError(await tokenRequest(ctx, exchange), 'the same code again', 400, 'invalid_grant');
      const unknown = `kit-unknown-code-${ctx.rng.int(0, 2 ** 30).toString(36)}`;
      verifyOAuthError(
        await tokenRequest(ctx, { ...exchange, code: unknown }),
        'an unknown code',
        400,
        'invalid_grant',
      );
      verifyOAuthError(
        await tokenRequest(ctx, { grant_type: 'urn:parley:conformance:no-such-grant', code: unknown }),
        'an unknown grant_type',
        400,
        'unsupported_grant_type',
      );
      // §5.2 invalid_request: "The request is missing a required parameter".
      const { code: _code, ...withoutCode } = exchange;
      verifyOAuthError(
        await tokenRequest(ctx, withoutCode),
        'a code exchange without code',
        400,
        'invalid_request',
      );
      verifyOAuthError(
        await tokenRequest(ctx, { grant_type: 'refresh_token' }),
        'a refresh without refresh_token',
        400,
        'invalid_request',
      );
      // §4.1.3: the redirect_uri of the exchange MUST be the authorization request's (a code of its
      // own: a deployment may spend a code on a refused exchange).
      const other = await authorizedCode(ctx, 'kit-token-errors-uri');
      verifyOAuthError(
        await tokenRequest(ctx, {
          grant_type: 'authorization_code',
          code: other.code,
          redirect_uri: `${redirectUri.replace(/\/+$/, '')}/kit-other`,
          code_verifier: other.verifier,
        }),
        'a code exchanged with another redirect_uri',
        400,
        'invalid_grant',
      );
      return 'a used, an unknown and a mismatched code invalid_grant, an unknown grant type unsupported_grant_type, a missing parameter invalid_request';
    },
  }),
  define({
    id: 'partner.09.client-authentication',
    title:
      'Client authentication: HTTP Basic accepted; a wrong secret by Basic is 401 invalid_client with WWW-Authenticate',
    area: 'partner',
    clause:
      'Authentication 4 step 2 (OAuth 2.0): RFC 6749 §2.3.1 (Basic MUST be supported), §5.2 invalid_client (401 and WWW-Authenticate when the client authenticated by the Authorization header)',
    spec: SPEC,
    choices:
      'client credentials in the form body accepted too (RFC 6749 §2.3.1 MAY; the form automation platforms send)',
    level: 'MUST',
    async run(ctx) {
      // connect() exchanges its code authenticated by Basic: a deployment without Basic fails there.
      const tokens = await connect(ctx);
      const refresh = { grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' };
      const wrong = await withWrongSecret(ctx, refresh);
      if (verifyOAuthError(wrong, 'a wrong client secret by Basic', 401, 'invalid_client')) {
        const challenge = wrong.headers.get('www-authenticate') ?? '';
        verify(
          /^\s*basic\b/i.test(challenge),
          'MISSING_FIELD',
          `a wrong client secret by Basic: WWW-Authenticate is ${JSON.stringify(challenge || null)}, not a Basic challenge (RFC 6749 §5.2)`,
          at('a wrong client secret by Basic', 'header WWW-Authenticate', 'Basic ...', challenge || null),
        );
      }
      // In the body (§2.3.1: MAY, NOT RECOMMENDED) the secret is Parley's choice to take; refusing it is allowed.
      const inBody = await bodyAuthenticated(ctx, refresh);
      choice(
        inBody.status === 200,
        'STATUS',
        `client credentials in the form body: refused (${inBody.status} ${inBody.text.slice(0, 120)})`,
        at('client credentials in the body', 'status', 200, inBody.status),
      );
      if (inBody.status !== 200)
        return 'Basic taken, a wrong secret 401 invalid_client; body credentials not taken';
      const next = expectTokens(ctx, inBody, 'refresh with the client in the body', false);
      const wrongInBody = await bodyAuthenticated(
        ctx,
        { grant_type: 'refresh_token', refresh_token: next.refresh_token ?? tokens.refresh_token ?? '' },
        'parley-kit-wrong-secret',
      );
      // §5.2: 401 MAY be returned; with the client in the body 400 is as good.
      const status = wrongInBody.status === 401 ? 401 : 400;
      verifyOAuthError(wrongInBody, 'a wrong client secret in the body', status, 'invalid_client');
      return 'Basic and body credentials taken; a wrong secret invalid_client (401 with a Basic challenge by Basic)';
    },
  }),
  define({
    id: 'partner.10.consent-denied',
    title: 'A denied consent redirects back with error=access_denied and the same state, no code',
    area: 'partner',
    clause:
      'Authentication 4 step 1 (OAuth 2.0): RFC 6749 §4.1.2.1 (error REQUIRED, access_denied; state REQUIRED when the request had one)',
    spec: 'Step 1: the user is sent to GET /oauth/partner/authorize to grant access.',
    level: 'MUST',
    async run(ctx) {
      const state = `kit-deny-${ctx.rng.int(0, 2 ** 30).toString(36)}`;
      const back = await approve(
        ctx,
        authorizeQuery(ctx, { state, code_challenge: pkcePair().challenge }),
        'deny',
      );
      const what = 'redirect back after a denial';
      verify(
        back.searchParams.get('error') === 'access_denied',
        back.searchParams.has('error') ? 'VALUE' : 'MISSING_FIELD',
        `${what}: error is ${JSON.stringify(back.searchParams.get('error'))}, not access_denied (RFC 6749 §4.1.2.1)`,
        at(what, 'query error', 'access_denied', back.searchParams.get('error')),
      );
      verify(
        back.searchParams.get('state') === state,
        'SECURITY',
        `${what}: state is ${JSON.stringify(back.searchParams.get('state'))}, not the one sent (RFC 6749 §4.1.2.1)`,
        at(what, 'query state', 'the state sent', back.searchParams.get('state')),
      );
      verify(
        !back.searchParams.has('code'),
        'SECURITY',
        `${what}: carries a code although the user denied`,
        at(what, 'query code', 'absent', 'present'),
      );
      return 'denied: access_denied and the state back, no code';
    },
  }),
];
