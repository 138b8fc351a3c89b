// OAuth 2.0 authorization code with PKCE and refresh against the automation-platform interface. The
// platform adds code_challenge to the authorize URL itself (enablePkce) and hands the verifier back
// in bundle.inputData.code_verifier for the token exchange.

import type { Authentication, Bundle, ZObject } from 'zapier-platform-core';
import type { PartnerMeResponse } from './generated/schema-types.js';
import { appErrorOf, dataOf, OAUTH_SCOPES, urls } from './service.client.js';

interface TokenResponse {
  access_token?: string;
  refresh_token?: string;
}

/** What to check when the token endpoint refuses the app itself (RFC 6749 invalid_client, a 401). */
export const CLIENT_REFUSED =
  "Parley's token endpoint refused this app's client credentials. Check that CLIENT_ID and CLIENT_SECRET " +
  '(zapier-platform env:set) are those of the OAuth client registered on the Parley deployment, and that ' +
  'PARLEY_INTEGRATION_URL (or PARLEY_BASE_URL) points to that deployment.';

type Grant = 'authorization_code' | 'refresh_token';

const requestTokens = async (z: ZObject, grant: Grant, fields: Record<string, unknown>) => {
  let tokens: TokenResponse;
  try {
    const response = await z.request({
      url: urls.token(),
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: {
        client_id: process.env.CLIENT_ID,
        client_secret: process.env.CLIENT_SECRET,
        grant_type: grant,
        ...fields,
      },
    });
    tokens = dataOf<TokenResponse>(response);
  } catch (error) {
    throw tokenError(z, grant, error);
  }
  if (!tokens?.access_token) {
    throw new z.errors.Error(
      `Parley's token endpoint (${urls.token()}) answered without an access token: check that PARLEY_INTEGRATION_URL points to a Parley deployment.`,
      'invalid_token_response',
      502,
    );
  }
  return tokens as TokenResponse & { access_token: string };
};

/** The token endpoint's refusals in words that say what to do. */
function tokenError(z: ZObject, grant: Grant, error: unknown): unknown {
  // Core raises a bare RefreshAuthError on any 401 before the app's middlewares see it; at the token
  // endpoint a 401 can only be the client's own credentials (RFC 6749 §5.2 invalid_client).
  if (error instanceof Error && error.name === 'RefreshAuthError') {
    return new z.errors.Error(CLIENT_REFUSED, 'invalid_client', 401);
  }
  const refused = appErrorOf(error);
  if (refused?.code === 'invalid_client') return new z.errors.Error(CLIENT_REFUSED, 'invalid_client', 401);
  if (refused?.code === 'invalid_grant') {
    const why = typeof refused.message === 'string' ? ` (${refused.message})` : '';
    return grant === 'refresh_token'
      ? new z.errors.ExpiredAuthError(
          `Parley no longer accepts this connection${why}: it was revoked, or signed out elsewhere. Reconnect your Parley account.`,
        )
      : new z.errors.Error(
          `Parley refused the sign-in code${why}. Codes are single-use and expire after 10 minutes: connect again.`,
          'invalid_grant',
          400,
        );
  }
  return error;
}

const getAccessToken = async (z: ZObject, bundle: Bundle) => {
  const tokens = await requestTokens(z, 'authorization_code', {
    code: bundle.inputData.code,
    redirect_uri: bundle.inputData.redirect_uri,
    code_verifier: bundle.inputData.code_verifier,
  });
  return { access_token: tokens.access_token, refresh_token: tokens.refresh_token };
};

const refreshAccessToken = async (z: ZObject, bundle: Bundle) => {
  const tokens = await requestTokens(z, 'refresh_token', { refresh_token: bundle.authData.refresh_token });
  // The provider rotates refresh tokens, so a new one is always stored; a deployment that answers
  // without one (no rotation, or a repeated answer to a concurrent refresh) keeps the stored one valid.
  return {
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token ?? bundle.authData.refresh_token,
  };
};

/**
 * Evaluated on every connect, so the URL follows `zapier-platform env:set` and no deployment's
 * address is frozen into the built definition.
 */
const authorizeUrl = async (_z: ZObject, bundle: Bundle) => {
  const url = new URL(urls.authorize());
  url.search = new URLSearchParams({
    client_id: process.env.CLIENT_ID ?? '',
    state: String(bundle.inputData.state ?? ''),
    redirect_uri: String(bundle.inputData.redirect_uri ?? ''),
    response_type: 'code',
  }).toString();
  return url.href;
};

/** The connection test; its fields feed the connection label. */
const test = async (z: ZObject) => dataOf<PartnerMeResponse>(await z.request({ url: urls.partner('/me') }));

export default {
  type: 'oauth2',
  oauth2Config: {
    authorizeUrl,
    getAccessToken,
    refreshAccessToken,
    scope: OAUTH_SCOPES.join(' '),
    autoRefresh: true,
    enablePkce: true,
  },
  fields: [],
  test,
  connectionLabel: '{{display_name}} ({{email}})',
} satisfies Authentication;
