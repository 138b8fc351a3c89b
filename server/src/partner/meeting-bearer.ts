import type { ResolveCaller } from '../http/auth.middleware.js';
import type { Caller } from '../services/caller.js';
import type { RouteSpec } from '../services/contracts.js';
import type { Store } from '../store/store.js';
import { bearerToken, invalidTokenError, requireScope, type VerifyBearer } from './bearer.js';
import { ACCESS_TOKEN_PREFIX } from './oauth-model.js';

// Partner access tokens on the meeting REST routes, as the spec's `Authorization: Bearer`
// alternative to X-API-Key. A bearer credential that looks like a partner access token (`pat_`) is
// checked as one, with the route's scope; anything else goes to the API-key check exactly as before.

/** The scope a meeting REST route needs: reads (`get-…`) meetings:read, everything else meetings:write. */
export function scopeOfRoute(route: Pick<RouteSpec, 'name'> | undefined): string {
  return route?.name.startsWith('get-') ? 'meetings:read' : 'meetings:write';
}

export function withPartnerBearer(apiKey: ResolveCaller, verify: VerifyBearer, store: Store): ResolveCaller {
  return async (req, route) => {
    const authorization = req.headers.authorization;
    const token = bearerToken(authorization);
    if (req.headers['x-api-key'] || !token?.startsWith(ACCESS_TOKEN_PREFIX)) return apiKey(req, route);
    const grant = await verify(authorization);
    requireScope(grant, scopeOfRoute(route));
    const user = await store.accounts.getUser(grant.userId);
    if (!user) throw invalidTokenError();
    const caller: Caller = {
      userId: user.id,
      accountId: user.account_id,
      email: user.email.toLowerCase(),
      name: user.name,
    };
    return caller;
  };
}
