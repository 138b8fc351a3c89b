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
import { InvalidGrantError } from '@node-oauth/oauth2-server';
import { OAUTH_DEFAULT_SCOPES, OAUTH_SCOPES, OAuthTtl } from '../core/contracts.js';
import { hashSecret } from '../store/accounts.store.js';
import type { Repositories, Store } from '../store/store.js';
import { openSuccessor, type SuccessorPair, sealSuccessor } from './refresh-successor.js';

// The storage half of @node-oauth/oauth2-server: the library runs the protocol (parameters, PKCE,
// expiry, error bodies), this model keeps codes and tokens in the store. One model per request, so
// a refresh can carry the grant id from the token it reads to the tokens it saves.
// RFC 9700 rules that live here: codes single-use and a replay revokes the grant's tokens (§4.5),
// a reused rotated refresh token revokes the grant (§4.14.2), tokens stored hashed. Revocation
// is per grant and checked in the transaction that issues, so with several processes on one
// database no token issued from a replayed code or a reused refresh token stays valid. A refresh
// token presented again within the grace window (config oauthRefreshGraceSeconds) of its rotation (a platform refreshing
// twice at once) gets the same new pair back instead of revoking the grant, until the new pair is
// first used: then the client has it, and the old token presented again is reuse.

export const ACCESS_TOKEN_PREFIX = 'pat_';
const REFRESH_TOKEN_PREFIX = 'prt_';
const GRANTS = ['authorization_code', 'refresh_token'];

export type PartnerModel = AuthorizationCodeModel & RefreshTokenModel;

const newToken = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;

export interface OAuthModelOptions {
  /** Seconds a rotated refresh token still yields the pair that replaced it. */
  refreshGraceSeconds: number;
  now?: () => Date;
}

export function createOAuthModel(store: Store, options: OAuthModelOptions): PartnerModel {
  const now = options.now ?? (() => new Date());
  let grantId: string | undefined;
  // The pair a refresh issued (or re-delivers within the grace window), handed to the library's
  // generate* and saveToken calls that follow revokeToken in its refresh flow.
  let rotated: SuccessorPair | undefined;

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

  /** The sealed successor of a rotated refresh token, while the grace window and its grant last. */
  const inGrace = async (grant: string, revokedUs: number | null, successor: string | null) => {
    // No window at all when it is 0: the clock reads whole milliseconds and the rotation's stamp is in
    // microseconds, so within one millisecond the elapsed time reads 0 or less, which 0 would let in.
    if (revokedUs === null || successor === null || options.refreshGraceSeconds <= 0) return undefined;
    if (now().getTime() * 1000 - revokedUs > options.refreshGraceSeconds * 1_000_000) return undefined;
    return (await store.oauthGrants.grantRevoked(grant)) ? undefined : successor;
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
      return rotated?.accessToken ?? newToken(ACCESS_TOKEN_PREFIX);
    },
    async generateRefreshToken() {
      return rotated?.refreshToken ?? newToken(REFRESH_TOKEN_PREFIX);
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

    async getRefreshToken(refreshToken) {
      const stored = await store.oauthGrants.getToken(refreshToken, 'refresh');
      if (!stored) return false;
      const spent = stored.revoked && !(await inGrace(stored.grantId, stored.revokedUs, stored.successor));
      const client = await unspentClient(spent, stored.grantId, stored.clientId);
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

    async revokeAuthorizationCode(code) {
      if (await store.oauthGrants.useCode(hashSecret(code.authorizationCode))) return true;
      // A concurrent exchange of the same code won: a replay, so the winner's tokens die too.
      await store.oauthGrants.revokeGrant(hashSecret(code.authorizationCode));
      return false;
    },

    // Rotation happens here, after the library checked client and expiry: the new pair is made,
    // sealed onto the old token and written in one transaction. The loser of a concurrent refresh
    // finds the old token rotated; within the grace window it opens the winner's pair, otherwise
    // the refresh is a reuse and the grant is revoked.
    async revokeToken(token) {
      const refreshToken = token.refreshToken;
      const stored = await store.oauthGrants.getToken(refreshToken, 'refresh');
      if (!stored) return false;
      const issuedAt = now().getTime();
      const pair: SuccessorPair = {
        accessToken: newToken(ACCESS_TOKEN_PREFIX),
        refreshToken: newToken(REFRESH_TOKEN_PREFIX),
        accessTokenExpiresAt: new Date(issuedAt + OAuthTtl.accessToken * 1000),
        refreshTokenExpiresAt: new Date(issuedAt + OAuthTtl.refreshToken * 1000),
        scopes: stored.scopes,
      };
      const outcome = await store.transaction(async (repos) => {
        if (
          !(await repos.oauthGrants.retireRefreshToken(stored.tokenHash, sealSuccessor(refreshToken, pair)))
        )
          return 'lost';
        if (await repos.oauthGrants.grantRevoked(stored.grantId))
          throw new InvalidGrantError('Invalid grant');
        // Refreshing with the new token is a use of it: the token it replaced loses its grace.
        if (stored.rotatedFrom) await repos.oauthGrants.pairUsed(stored.tokenHash, stored.rotatedFrom);
        await savePair(repos, pair, { ...stored, rotatedFrom: stored.tokenHash });
        return 'won';
      });
      if (outcome === 'won') {
        rotated = pair;
        return true;
      }
      const again = await store.oauthGrants.getToken(refreshToken, 'refresh');
      const sealed = again && (await inGrace(again.grantId, again.revokedUs, again.successor));
      const earlier = sealed ? openSuccessor(refreshToken, sealed) : undefined;
      if (earlier) {
        rotated = earlier;
        return true;
      }
      await store.oauthGrants.revokeGrant(stored.grantId);
      return false;
    },

    async saveToken(issued: Token, client: Client, user: User) {
      if (!grantId) throw new Error('saveToken without a code or refresh token read first');
      if (rotated) {
        // Written with the rotation; the answer carries that pair and its own expiry times.
        const { accessToken, refreshToken, accessTokenExpiresAt, refreshTokenExpiresAt, scopes } = rotated;
        return {
          ...issued,
          accessToken,
          refreshToken,
          accessTokenExpiresAt,
          refreshTokenExpiresAt,
          scope: scopes,
          client,
          user,
        };
      }
      const pair: SuccessorPair = {
        accessToken: issued.accessToken,
        refreshToken: issued.refreshToken ?? '',
        accessTokenExpiresAt: issued.accessTokenExpiresAt ?? now(),
        refreshTokenExpiresAt: issued.refreshTokenExpiresAt ?? now(),
        scopes: toArray(issued.scope),
      };
      const grant = grantId;
      await store.transaction(async (repos) => {
        if (await repos.oauthGrants.grantRevoked(grant))
          throw new InvalidGrantError('Invalid grant: code was replayed');
        await savePair(repos, pair, { clientId: client.id, userId: String(user.id), grantId: grant });
      });
      return { ...issued, client, user };
    },

    // The library's own bearer check is not used (partner/partner-auth.ts fills the house bearer slot, whose errors are the spec's bodies).
    async getAccessToken() {
      return false;
    },
  };
}

async function savePair(
  repos: Repositories,
  pair: SuccessorPair,
  owner: { clientId: string; userId: string; grantId: string; rotatedFrom?: string | null },
): Promise<void> {
  const base = {
    clientId: owner.clientId,
    userId: owner.userId,
    scopes: pair.scopes,
    grantId: owner.grantId,
    ...(owner.rotatedFrom ? { rotatedFrom: owner.rotatedFrom } : {}),
  };
  await repos.oauthGrants.saveToken({
    ...base,
    token: pair.accessToken,
    kind: 'access',
    expiresAt: pair.accessTokenExpiresAt,
  });
  if (pair.refreshToken) {
    await repos.oauthGrants.saveToken({
      ...base,
      token: pair.refreshToken,
      kind: 'refresh',
      expiresAt: pair.refreshTokenExpiresAt,
    });
  }
}

function toArray(scope: string[] | string | undefined): string[] {
  if (!scope) return [];
  return Array.isArray(scope) ? scope : scope.split(' ').filter(Boolean);
}
