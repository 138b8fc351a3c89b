import type { IncomingMessage } from 'node:http';
import { ApiError } from '../core/api-error.js';
import type { BearerGrant, BearerVerifier, SessionReader } from '../core/bearer-verifier.js';
import type { Caller } from '../core/caller.js';
import { type Auth, ErrorText, PARTNER_INVALID_TOKEN_TEXT, type RouteSpec } from '../core/contracts.js';

// How the caller of a request is found, for each auth kind of the catalog (schemas/src/routes.ts):
// API keys in the two forms the spec gives (headers on the meeting REST and denoise routes, the
// `api_key` query parameter on stt/tts and the live stream), OAuth access tokens through the
// composition root's BearerVerifier, and HTML pages' session cookies through its SessionReader.
// A missing credential and a wrong one get the spec's two 401 texts.

/** The realm of every Bearer challenge this server sends. */
export const BEARER_REALM = 'Bearer realm="parley"';

export type Authenticate = (credential: string) => Promise<Caller | undefined>;

/** The credential of a request's headers: X-API-Key first, then an `Authorization: Bearer` token. */
export function headerCredential(req: IncomingMessage): string | undefined {
  const key = firstHeader(req, 'x-api-key')?.trim();
  if (key) return key;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(firstHeader(req, 'authorization') ?? '');
  return match?.[1];
}

function firstHeader(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The credential of a URL's query: `api_key`, or the declared `authorization` parameter (a bare key
 * or `Bearer <key>`). Exported for the live-stream upgrade, which reads its URL itself.
 */
export function queryCredential(query: URLSearchParams): string | undefined {
  const key = query.get('api_key')?.trim();
  if (key) return key;
  const authorization = query.get('authorization')?.trim();
  return authorization ? authorization.replace(/^Bearer\s+/i, '') : undefined;
}

/** The caller for a credential, or the 401 ApiError the spec prescribes. */
export async function resolveCaller(
  authenticate: Authenticate,
  credential: string | undefined,
): Promise<Caller> {
  if (!credential) throw new ApiError('UNAUTHORIZED', ErrorText.missingAuth);
  const caller = await authenticate(credential);
  if (!caller) throw new ApiError('UNAUTHORIZED', ErrorText.invalidKey);
  return caller;
}

/** Where the credentials that are not API keys are checked (core/bearer-verifier.ts). */
export interface CallerSources {
  authenticate: Authenticate;
  /** OAuth access tokens: `partner-bearer` routes, and Bearer tokens on `api-key` routes. */
  bearer: BearerVerifier | undefined;
  /** The session cookie of HTML pages (`session` routes). */
  session: SessionReader | undefined;
}

/** Finds the caller of a request to `route`: the Caller, undefined (only `session`), or a 401/403 ApiError. */
export type ResolveCaller = (req: IncomingMessage, route: RouteSpec) => Promise<Caller | undefined>;

/** How each auth kind of the catalog finds the caller; a kind whose source is absent is missing. */
export function callerResolvers(sources: CallerSources): Partial<Record<Auth, ResolveCaller>> {
  const { authenticate, bearer, session } = sources;
  // An API key first; a Bearer credential that is no API key may be an OAuth access token, which
  // must then hold the route's scopes.
  const keyOrToken = (route: RouteSpec): Authenticate =>
    bearer
      ? async (credential) => {
          const caller = await authenticate(credential);
          if (caller) return caller;
          const grant = await bearer.verify(credential);
          if (grant) requireScopes(grant, route);
          return grant?.caller;
        }
      : authenticate;
  const resolvers: Partial<Record<Auth, ResolveCaller>> = {
    'api-key': (req, route) => resolveCaller(keyOrToken(route), headerCredential(req)),
    // Query parameter first (the spec's form for stt/tts); headers are accepted as well.
    'query-key': (req, route) => {
      const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
      return resolveCaller(keyOrToken(route), queryCredential(query) ?? headerCredential(req));
    },
  };
  if (bearer) resolvers['partner-bearer'] = (req, route) => resolveGrant(bearer, req, route);
  if (session) resolvers.session = (req) => session.read(firstHeader(req, 'cookie'));
  return resolvers;
}

/** The caller of an OAuth access token holding every scope the route needs (RFC 6750 §3.1). */
async function resolveGrant(bearer: BearerVerifier, req: IncomingMessage, route: RouteSpec): Promise<Caller> {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(firstHeader(req, 'authorization') ?? '')?.[1];
  const grant = token ? await bearer.verify(token) : undefined;
  if (!grant) {
    // No `error` attribute when no token was sent (RFC 6750 §3.1).
    throw new ApiError('UNAUTHORIZED', token ? PARTNER_INVALID_TOKEN_TEXT : ErrorText.missingAuth, {
      headers: { 'WWW-Authenticate': token ? `${BEARER_REALM}, error="invalid_token"` : BEARER_REALM },
    });
  }
  requireScopes(grant, route);
  return grant.caller;
}

/**
 * 403 insufficient_scope unless the grant holds every scope of the route (RFC 6750 §3.1). A route
 * that declares no scope takes no access token at all: an undeclared scope must never mean "open".
 */
function requireScopes(grant: BearerGrant, route: RouteSpec): void {
  const declared = route.scopes ?? [];
  if (declared.length === 0) {
    throw new ApiError('FORBIDDEN', 'This route does not take OAuth access tokens', {
      headers: { 'WWW-Authenticate': `${BEARER_REALM}, error="insufficient_scope"` },
    });
  }
  const missing = declared.filter((scope) => !grant.scopes.includes(scope));
  if (missing.length === 0) return;
  throw new ApiError('FORBIDDEN', `The access token lacks the scope ${missing.join(' ')}`, {
    headers: {
      'WWW-Authenticate': `${BEARER_REALM}, error="insufficient_scope", scope="${declared.join(' ')}"`,
    },
  });
}
