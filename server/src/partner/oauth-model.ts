import { randomBytes } from 'node:crypto';
import type {
  AuthorizationCode,
  AuthorizationCodeModel,
  Client,
  RefreshToken,
  RefreshTokenModel,
  Token,
  User,
} from '@node-oauth/oauth2-server';
import { OAUTH_DEFAULT_SCOPES, OAUTH_SCOPES, OAuthTtl } from '../core/contracts.js';
import { hashSecret } from '../store/accounts.store.js';
import type { Store } from '../store/store.js';

// The storage half of @node-oauth/oauth2-server: the library runs the protocol (parameters, PKCE,
// expiry, error bodies), this model keeps codes and tokens in the store. One model per request, so
// a refresh can carry the grant id from the token it reads to the tokens it saves.
// RFC 9700 rules that live here: codes single-use and a replay revokes the grant's tokens (§4.5),
// a reused rotated refresh token revokes the grant (§4.14.2), tokens stored hashed.

export const ACCESS_TOKEN_PREFIX = 'pat_';
const REFRESH_TOKEN_PREFIX = 'prt_';
const GRANTS = ['authorization_code', 'refresh_token'];

export type PartnerModel = AuthorizationCodeModel & RefreshTokenModel;

const token = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;

export function createOAuthModel(store: Store): PartnerModel {
  let grantId: string | undefined;

  const clientOf = async (clientId: string): Promise<Client | undefined> => {
    const client = await store.registeredClients.get(clientId);
    if (!client) return undefined;
    return {
      id: client.clientId,
      name: client.name,
      grants: GRANTS,
      redirectUris: client.redirectUris,
      accessTokenLifetime: OAuthTtl.accessToken,
      refreshTokenLifetime: OAuthTtl.refreshToken,
    };
  };

  /**
   * The client of a stored code or refresh token, and the grant tokens issued now join. A spent one
   * used again (a replayed code; a rotated or revoked refresh token, RFC 9700 §4.14.2) may be in
   * someone else's hands: the whole grant is revoked, so nothing issued from it stays valid.
   */
  const unspentClient = async (spent: boolean, grant: string, clientId: string) => {
    if (spent) {
      await store.oauthGrants.revokeGrant(grant);
      return undefined;
    }
    const client = await clientOf(clientId);
    if (client) grantId = grant;
    return client;
  };

  return {
    async getClient(clientId, clientSecret) {
      // The authorize step looks a client up without a secret; the token endpoint always has one.
      if (clientSecret !== null && !(await store.oauthClients.verifySecret(clientId, clientSecret ?? '')))
        return false;
      return (await clientOf(clientId)) ?? false;
    },

    async validateScope(_user, _client, scope) {
      const requested = scope && scope.length > 0 ? scope : [...OAUTH_DEFAULT_SCOPES];
      const known = new Set<string>(OAUTH_SCOPES);
      return requested.every((s) => known.has(s)) ? [...new Set(requested)] : false;
    },

    async generateAccessToken() {
      return token(ACCESS_TOKEN_PREFIX);
    },
    async generateRefreshToken() {
      return token(REFRESH_TOKEN_PREFIX);
    },

    async saveAuthorizationCode(code, client, user) {
      await store.oauthGrants.saveCode({
        code: code.authorizationCode,
        clientId: client.id,
        userId: String(user.id),
        redirectUri: code.redirectUri,
        scopes: code.scope ?? [],
        codeChallenge: code.codeChallenge ?? null,
        codeChallengeMethod: code.codeChallengeMethod ?? null,
        expiresAt: code.expiresAt,
      });
      return { ...code, client, user };
    },

    async getAuthorizationCode(code) {
      const stored = await store.oauthGrants.getCode(code);
      if (!stored) return false;
      const client = await unspentClient(stored.used, stored.codeHash, stored.clientId);
      if (!client) return false;
      const found: AuthorizationCode = {
        authorizationCode: code,
        expiresAt: stored.expiresAt,
        redirectUri: stored.redirectUri,
        scope: stored.scopes,
        client,
        user: { id: stored.userId },
      };
      if (stored.codeChallenge) {
        found.codeChallenge = stored.codeChallenge;
        found.codeChallengeMethod = stored.codeChallengeMethod ?? 'S256';
      }
      return found;
    },

    async revokeAuthorizationCode(code) {
      return store.oauthGrants.useCode(hashSecret(code.authorizationCode));
    },

    async getRefreshToken(refreshToken) {
      const stored = await store.oauthGrants.getToken(refreshToken, 'refresh');
      if (!stored) return false;
      const client = await unspentClient(stored.revoked, stored.grantId, stored.clientId);
      if (!client) return false;
      const found: RefreshToken = {
        refreshToken,
        refreshTokenExpiresAt: stored.expiresAt,
        scope: stored.scopes,
        client,
        user: { id: stored.userId },
      };
      return found;
    },

    async revokeToken(token) {
      const stored = await store.oauthGrants.getToken(token.refreshToken, 'refresh');
      if (!stored) return false;
      // Two refreshes racing with one token: the loser is a reuse as well.
      if (await store.oauthGrants.revokeToken(stored.tokenHash)) return true;
      await store.oauthGrants.revokeGrant(stored.grantId);
      return false;
    },

    async saveToken(issued: Token, client: Client, user: User) {
      if (!grantId) throw new Error('saveToken without a code or refresh token read first');
      const base = { clientId: client.id, userId: String(user.id), scopes: toArray(issued.scope), grantId };
      await store.oauthGrants.saveToken({
        ...base,
        token: issued.accessToken,
        kind: 'access',
        expiresAt: issued.accessTokenExpiresAt ?? new Date(),
      });
      if (issued.refreshToken) {
        await store.oauthGrants.saveToken({
          ...base,
          token: issued.refreshToken,
          kind: 'refresh',
          expiresAt: issued.refreshTokenExpiresAt ?? new Date(),
        });
      }
      return { ...issued, client, user };
    },

    // The library's own bearer check is not used (partner/partner-auth.ts fills the house bearer slot, whose errors are the spec's bodies).
    async getAccessToken() {
      return false;
    },
  };
}

function toArray(scope: string[] | string | undefined): string[] {
  if (!scope) return [];
  return Array.isArray(scope) ? scope : scope.split(' ').filter(Boolean);
}
