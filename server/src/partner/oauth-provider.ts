import { randomBytes } from 'node:crypto';
import OAuth2Server, { OAuthError, Request, Response } from '@node-oauth/oauth2-server';
import { OAuthTtl } from '../core/contracts.js';
import type { Store } from '../store/store.js';
import { createOAuthModel, type OAuthModelOptions } from './oauth-model.js';
import type { AuthorizeParams } from './pages.js';
import { verifyPassword } from './passwords.js';

// The partner OAuth provider as plain functions (no HTTP here; oauth.routes.ts wires them):
// checking an authorize request, signing a user in, the consent decision, the token endpoint and
// revocation (RFC 7009). The protocol itself is @node-oauth/oauth2-server's (src/partner/README.md
// says why that library).

/** The request cannot go back to a client (unknown client, unregistered redirect URI): a page. */
export class AuthorizePageError extends Error {}

export interface OAuthAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export interface SessionInfo {
  userId: string;
  csrfToken: string;
}

const SESSION_TTL_MS = 60 * 60 * 1000;
/** The library's error for a code exchanged with another redirect_uri than its authorization's. */
const REDIRECT_URI_MISMATCH = 'Invalid request: `redirect_uri` is invalid';
/** RFC 7636 §4.2: the challenge's alphabet and length (an S256 one is 43 base64url characters). */
const PKCE_CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

export function createOAuthProvider(store: Store, options: OAuthModelOptions) {
  const server = (model = createOAuthModel(store, options)) =>
    new OAuth2Server({
      model,
      accessTokenLifetime: OAuthTtl.accessToken,
      refreshTokenLifetime: OAuthTtl.refreshToken,
      authorizationCodeLifetime: OAuthTtl.authorizationCode,
      allowEmptyState: true,
      alwaysIssueNewRefreshToken: true,
      requireClientAuthentication: { authorization_code: true, refresh_token: true },
    });

  return {
    /** The client of a well-formed authorize request; AuthorizePageError when it cannot redirect. */
    async checkAuthorize(params: AuthorizeParams) {
      if (!params.client_id) throw new AuthorizePageError('The request names no client (client_id).');
      const client = await store.registeredClients.get(params.client_id);
      if (!client) throw new AuthorizePageError('The application (client_id) is not registered.');
      // Exact string match, no patterns and no default (RFC 9700 §4.1.3).
      if (!params.redirect_uri || !client.redirectUris.includes(params.redirect_uri)) {
        throw new AuthorizePageError('The redirect URI is not registered for this application.');
      }
      return client;
    },

    /**
     * The error redirect for a request refused before sign-in, or undefined. PKCE: `plain` is
     * refused, and so is a challenge without a method (the library would drop it, silently
     * turning PKCE off).
     */
    refusal(params: AuthorizeParams): string | undefined {
      const refuse = (error: string, description: string) =>
        withQuery(params.redirect_uri, {
          error,
          error_description: description,
          ...(params.state ? { state: params.state } : {}),
        });
      if (params.response_type !== 'code')
        return refuse('unsupported_response_type', 'response_type must be code');
      // PKCE is required (RFC 9700 §2.1.1): a code without a challenge could be used by whoever
      // intercepts it.
      if (!params.code_challenge) return refuse('invalid_request', 'code_challenge is required (PKCE, S256)');
      if (params.code_challenge_method !== 'S256')
        return refuse('invalid_request', 'code_challenge_method must be S256');
      if (!PKCE_CHALLENGE.test(params.code_challenge))
        return refuse('invalid_request', 'code_challenge must be 43 to 128 characters of [A-Za-z0-9-._~]');
      return undefined;
    },

    /** The user id for an e-mail and password, or undefined. */
    async checkPassword(email: string, password: string): Promise<string | undefined> {
      const user = await store.accounts.findUserByEmail(email.trim().toLowerCase());
      const hash = user ? await store.partnerAuth.passwordHash(user.id) : undefined;
      // A missing user still costs one scrypt, so timing does not tell which e-mails exist.
      const ok = await verifyPassword(password, hash ?? DUMMY_HASH);
      return ok && user && hash ? user.id : undefined;
    },

    /** What the consent page shows as the signed-in account. */
    async accountOf(userId: string): Promise<string> {
      const user = await store.accounts.getUser(userId);
      return user ? `${user.name} <${user.email}>` : userId;
    },

    async startSession(userId: string): Promise<string> {
      const cookie = randomBytes(32).toString('base64url');
      await store.partnerAuth.createSession({
        cookie,
        userId,
        csrfToken: randomBytes(24).toString('base64url'),
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      });
      return cookie;
    },

    async session(cookie: string | undefined): Promise<SessionInfo | undefined> {
      return cookie ? store.partnerAuth.session(cookie, new Date()) : undefined;
    },

    /**
     * The consent decision: where the browser goes next, the client's redirect URI with `code` or
     * with RFC 6749 §4.1.2.1 error parameters (`access_denied` when declined) and `state`.
     */
    async decide(params: AuthorizeParams, userId: string, allowed: boolean): Promise<string> {
      const query: Record<string, string> = {};
      for (const [name, value] of Object.entries(params)) if (value) query[name] = value;
      if (!allowed) query.allowed = 'false';
      const request = new Request({ method: 'GET', headers: {}, query, body: {} });
      const response = new Response({ headers: {} });
      const early = this.refusal(params);
      if (early) return early;
      try {
        await server().authorize(request, response, {
          authenticateHandler: { handle: () => ({ id: userId }) },
        });
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
      }
      const location = response.get('location');
      if (!location) throw new Error('authorize gave no redirect');
      return location;
    },

    /** POST token: RFC 6749 §5 answers (their `Cache-Control: no-store` is the route's, in the catalog). */
    async token(headers: Record<string, string>, body: Record<string, string>): Promise<OAuthAnswer> {
      const request = new Request({
        method: 'POST',
        // The body was parsed already (form or JSON); the library checks for a form body.
        headers: {
          ...headers,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(new URLSearchParams(body).toString().length),
        },
        query: {},
        body,
      });
      const response = new Response({ headers: {} });
      try {
        await server().token(request, response);
        const issued = response.body as Record<string, unknown>;
        if (Array.isArray(issued.scope)) issued.scope = issued.scope.join(' ');
        return { status: 200, headers: pragmaNoCache(), body: issued };
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        const status = error.name === 'invalid_client' ? 401 : error.code >= 500 ? 500 : 400;
        // RFC 6749 §5.2 names a code that "does not match the redirection URI used in the
        // authorization request" invalid_grant; the library reports it as invalid_request.
        const name = error.message === REDIRECT_URI_MISMATCH ? 'invalid_grant' : error.name;
        const extra: Record<string, string> =
          status === 401 ? { 'WWW-Authenticate': 'Basic realm="parley"' } : {};
        return {
          status,
          headers: { ...pragmaNoCache(), ...extra },
          body: { error: name, error_description: error.message },
        };
      }
    },

    /** RFC 7009: revoking either token of a grant ends the whole grant. Unknown tokens are a 200. */
    async revoke(headers: Record<string, string>, body: Record<string, string>): Promise<OAuthAnswer> {
      const credentials = clientCredentials(headers, body);
      const model = createOAuthModel(store, options);
      const client = credentials && (await model.getClient(credentials.clientId, credentials.clientSecret));
      if (!client) {
        return {
          status: 401,
          headers: { ...pragmaNoCache(), 'WWW-Authenticate': 'Basic realm="parley"' },
          body: { error: 'invalid_client', error_description: 'Client authentication failed' },
        };
      }
      if (!body.token) {
        return {
          status: 400,
          headers: pragmaNoCache(),
          body: { error: 'invalid_request', error_description: 'Missing parameter: token' },
        };
      }
      const hint = body.token_type_hint === 'access_token' ? 'access' : 'refresh';
      const other = hint === 'access' ? 'refresh' : 'access';
      const stored =
        (await store.oauthGrants.getToken(body.token, hint)) ??
        (await store.oauthGrants.getToken(body.token, other));
      // A token of another client is left alone, and the answer does not tell (RFC 7009 §2.1).
      if (stored && stored.clientId === client.id) await store.oauthGrants.revokeGrant(stored.grantId);
      return { status: 200, headers: pragmaNoCache(), body: {} };
    },
  };
}

export type OAuthProvider = ReturnType<typeof createOAuthProvider>;

// scrypt of a random password: what a sign-in for an unknown e-mail is checked against.
const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** RFC 6749 §5.1 asks for Pragma too, for HTTP/1.0 caches; Cache-Control comes from the catalog. */
function pragmaNoCache(): Record<string, string> {
  return { Pragma: 'no-cache' };
}

function withQuery(uri: string, query: Record<string, string>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/** Client credentials from HTTP Basic (RFC 6749 §2.3.1, form-encoded parts) or the body. */
function clientCredentials(
  headers: Record<string, string>,
  body: Record<string, string>,
): { clientId: string; clientSecret: string } | undefined {
  const basic = /^Basic\s+(\S+)$/i.exec(headers.authorization ?? '');
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return undefined;
    try {
      return {
        clientId: decodeURIComponent(decoded.slice(0, colon)),
        clientSecret: decodeURIComponent(decoded.slice(colon + 1)),
      };
    } catch {
      return undefined; // a malformed escape authenticates no client: 401 invalid_client
    }
  }
  if (body.client_id && body.client_secret)
    return { clientId: body.client_id, clientSecret: body.client_secret };
  return undefined;
}
