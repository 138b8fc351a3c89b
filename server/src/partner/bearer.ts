import { ApiError } from '../services/api-error.js';
import { ErrorText, PARTNER_INVALID_TOKEN_TEXT } from '../services/contracts.js';
import type { Store } from '../store/store.js';

// The bearer check of the partner interface, as one function of the Authorization header so that
// any route pipeline can plug it in. Errors follow RFC 6750 §3: 401 with a `WWW-Authenticate`
// challenge (no `error` attribute when no token was sent), 403 `insufficient_scope` naming the
// scope the route needs. Bodies are the api-error shape (schemas/README.md, "Partner auth errors").

export interface BearerGrant {
  userId: string;
  clientId: string;
  scopes: string[];
}

export type VerifyBearer = (authorization: string | undefined) => Promise<BearerGrant>;

const REALM = 'Bearer realm="parley"';

export function bearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
}

/** Resolves a header to its live access token's grant, or throws the 401 ApiError. */
export function bearerVerifier(store: Store, now: () => Date = () => new Date()): VerifyBearer {
  return async (authorization) => {
    const token = bearerToken(authorization);
    if (!token) {
      throw new ApiError('UNAUTHORIZED', ErrorText.missingAuth, { headers: { 'WWW-Authenticate': REALM } });
    }
    const stored = await store.oauthGrants.getToken(token, 'access');
    if (!stored || stored.revoked || stored.expiresAt <= now()) throw invalidTokenError();
    return { userId: stored.userId, clientId: stored.clientId, scopes: stored.scopes };
  };
}

/** 401 for a token that is unknown, expired or revoked, or whose user is gone. */
export function invalidTokenError(): ApiError {
  return new ApiError('UNAUTHORIZED', PARTNER_INVALID_TOKEN_TEXT, {
    headers: { 'WWW-Authenticate': `${REALM}, error="invalid_token"` },
  });
}

/** Throws 403 insufficient_scope unless the grant holds `scope`. */
export function requireScope(grant: BearerGrant, scope: string): void {
  if (grant.scopes.includes(scope)) return;
  throw new ApiError('FORBIDDEN', `Insufficient scope: this route needs ${scope}`, {
    headers: { 'WWW-Authenticate': `${REALM}, error="insufficient_scope", scope="${scope}"` },
  });
}
