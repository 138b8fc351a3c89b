import { skip, verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { at } from '../../json-path.js';
import { authorizedCode, connect, expectTokens, oauthInputs, tokenRequest } from '../../partner-oauth.js';
import { expectStatus } from '../../schema-check.js';
import { define } from '../define.js';
import { SPEC, verifyOAuthError } from './partner-token.checks.js';

// Revocation of a grant's tokens. RFC 7009 revocation is no part of the spec: judged only where
// --oauth-revoke-url names the deployment's endpoint. What the RFCs make a SHOULD (the tokens of a
// replayed code revoked, an access token dying with its revoked refresh token) is a check of level
// SHOULD: a miss is NON_STRICT, never a failure.

/** Whether `accessToken` still opens /api/partner/me (the spec's connection test). */
async function stillWorks(ctx: CheckContext, accessToken: string, what: string): Promise<boolean> {
  const reply = await ctx.http.send(ctx.partnerUrl('/api/partner/me'), {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return !verify(
    reply.status === 401,
    'SECURITY',
    `${what}: /api/partner/me with its access token answered ${reply.status}, not 401`,
    at(what, 'status', 401, reply.status),
  );
}

function revokeUrlOf(ctx: CheckContext): string | undefined {
  return ctx.target.oauthRevokeUrl;
}

/** Revokes `refreshToken` at the deployment's RFC 7009 endpoint (client by Basic): 200 expected (§2.2). */
async function revoke(ctx: CheckContext, revokeUrl: string, refreshToken: string): Promise<void> {
  const revoked = await tokenRequest(
    ctx,
    { token: refreshToken, token_type_hint: 'refresh_token' },
    revokeUrl,
  );
  expectStatus(revoked, 200, 'revocation of the refresh token');
}

export const partnerRevocationChecks = [
  define({
    id: 'partner.11.refresh-after-revocation',
    title:
      'A refresh token revoked at the RFC 7009 endpoint (--oauth-revoke-url) is refused: 400 invalid_grant',
    area: 'partner',
    clause:
      'Authentication 4 step 2 (OAuth 2.0): RFC 7009 §2.1-2.2 (the token invalidated, 200), RFC 6749 §5.2 (a revoked grant is invalid_grant); revocation is no part of the spec, judged where the deployment names it',
    spec: SPEC,
    level: 'MUST',
    async run(ctx) {
      oauthInputs(ctx);
      // The spec shows no revocation: only a deployment that offers one (RFC 7009) can be held to it.
      const revokeUrl = revokeUrlOf(ctx);
      if (!revokeUrl)
        return skip('revocation is not in the spec: needs --oauth-revoke-url URL (an RFC 7009 endpoint)', [
          '--oauth-revoke-url',
        ]);
      const tokens = await connect(ctx);
      const refreshToken = tokens.refresh_token ?? '';
      // RFC 7009 §2.2: "responds with HTTP status code 200 if the token has been revoked successfully".
      await revoke(ctx, revokeUrl, refreshToken);
      verifyOAuthError(
        await tokenRequest(ctx, { grant_type: 'refresh_token', refresh_token: refreshToken }),
        'a refresh with the revoked refresh token',
        400,
        'invalid_grant',
      );
      return 'revoked (200), then the refresh token refused with invalid_grant';
    },
  }),
  define({
    id: 'partner.12.revoked-grant-tokens',
    title:
      'The access token of a code used twice, and of a revoked refresh token, stops working (a SHOULD: noted, never failed)',
    area: 'partner',
    clause:
      'Authentication 4 (OAuth 2.0): RFC 6749 §4.1.2 (a code used more than once: the server SHOULD revoke the tokens issued from it), RFC 7009 §2.1 (a revoked refresh token: SHOULD invalidate its access tokens)',
    spec: SPEC,
    level: 'SHOULD',
    async run(ctx) {
      const { redirectUri } = oauthInputs(ctx);
      const { code, verifier } = await authorizedCode(ctx, 'kit-replayed-code');
      const exchange = {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      };
      const first = expectTokens(ctx, await tokenRequest(ctx, exchange), 'code exchange');
      // The replay's own answer is partner.08's to judge (MUST deny); here what it leaves working.
      await tokenRequest(ctx, exchange);
      const replayed = await stillWorks(ctx, first.access_token, 'RFC 6749 §4.1.2 SHOULD: a code used twice');
      const revokeUrl = revokeUrlOf(ctx);
      if (!revokeUrl) return replayed ? undefined : 'the tokens of a code used twice revoked';
      const grant = await connect(ctx);
      await revoke(ctx, revokeUrl, grant.refresh_token ?? '');
      await stillWorks(ctx, grant.access_token, 'RFC 7009 §2.1 SHOULD: a revoked refresh token');
      return 'the tokens of a code used twice, and the access token of a revoked refresh token, refused';
    },
  }),
];
