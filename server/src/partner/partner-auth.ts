import type { BearerGrant, BearerVerifier, SessionReader } from '../core/bearer-verifier.js';
import type { Caller } from '../core/caller.js';
import type { Store } from '../store/store.js';
import type { OAuthProvider } from './oauth-provider.js';
import type { TokenLimit } from './rate-limit.js';

// What the partner interface plugs into the house's credential slots (core/bearer-verifier.ts):
// its OAuth access tokens for `partner-bearer` routes and Bearer credentials on `api-key` routes,
// and its sign-in session for the `session` pages. The pipeline (http/caller-auth.ts) turns an
// undefined answer into the RFC 6750 401 and a missing scope into 403 insufficient_scope.

export const SESSION_COOKIE = 'parley_oauth_session';

/** Access tokens from the grants store; each use takes one request from the token's rate limit. */
export function partnerBearerVerifier(
  store: Store,
  limit: TokenLimit,
  now = () => new Date(),
): BearerVerifier {
  return {
    async verify(token: string): Promise<BearerGrant | undefined> {
      const stored = await store.oauthGrants.getToken(token, 'access');
      if (!stored || stored.revoked || stored.expiresAt <= now()) return undefined;
      // A token that outlived its user (deleted account) is as good as revoked.
      const caller = await callerOf(store, stored.userId);
      if (!caller) return undefined;
      if (stored.rotatedFrom) await store.oauthGrants.pairUsed(stored.tokenHash, stored.rotatedFrom);
      await limit.take(token);
      return {
        caller: { ...caller, clientId: stored.clientId, grantId: stored.grantId },
        scopes: stored.scopes,
      };
    },
  };
}

/** The signed-in user of the authorize pages' session cookie. */
export function partnerSessionReader(store: Store, provider: OAuthProvider): SessionReader {
  return {
    async read(cookieHeader: string | undefined): Promise<Caller | undefined> {
      const session = await provider.session(sessionCookieOf(cookieHeader));
      return session ? callerOf(store, session.userId) : undefined;
    },
  };
}

export function sessionCookieOf(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== SESSION_COOKIE) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return undefined; // a malformed escape is no session of ours
    }
  }
  return undefined;
}

async function callerOf(store: Store, userId: string): Promise<Caller | undefined> {
  const user = await store.accounts.getUser(userId);
  if (!user) return undefined;
  return { userId: user.id, accountId: user.account_id, email: user.email.toLowerCase(), name: user.name };
}
