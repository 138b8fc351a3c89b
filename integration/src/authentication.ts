// OAuth 2.0 authorization code with PKCE and refresh against the automation-platform interface. The
// platform adds code_challenge to the authorize URL itself (enablePkce) and hands the verifier back
// in bundle.inputData.code_verifier for the token exchange.
import type { PartnerMeResponse } from '@parley/schemas/types';
import type { Authentication, Bundle, ZObject } from 'zapier-platform-core';
import { dataOf, OAUTH_SCOPES, urls } from './service.client.js';

interface TokenResponse {
  access_token: string;
  refresh_token: string;
}

const requestTokens = async (z: ZObject, body: Record<string, unknown>) => {
  const response = await z.request({
    url: urls.token(),
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: {
      client_id: process.env.CLIENT_ID,
      client_secret: process.env.CLIENT_SECRET,
      ...body,
    },
  });
  const tokens = dataOf<TokenResponse>(response);
  // The provider rotates refresh tokens, so the new one is always stored.
  return { access_token: tokens.access_token, refresh_token: tokens.refresh_token };
};

const getAccessToken = (z: ZObject, bundle: Bundle) =>
  requestTokens(z, {
    grant_type: 'authorization_code',
    code: bundle.inputData.code,
    redirect_uri: bundle.inputData.redirect_uri,
    code_verifier: bundle.inputData.code_verifier,
  });

const refreshAccessToken = (z: ZObject, bundle: Bundle) =>
  requestTokens(z, { grant_type: 'refresh_token', refresh_token: bundle.authData.refresh_token });

/** The connection test; its fields feed the connection label. */
const test = async (z: ZObject) => dataOf<PartnerMeResponse>(await z.request({ url: urls.partner('/me') }));

export default {
  type: 'oauth2',
  oauth2Config: {
    // Fixed when the module loads: the platform reads this object, not a function of the bundle.
    authorizeUrl: {
      url: urls.authorize(),
      params: {
        client_id: '{{process.env.CLIENT_ID}}',
        state: '{{bundle.inputData.state}}',
        redirect_uri: '{{bundle.inputData.redirect_uri}}',
        response_type: 'code',
      },
    },
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
