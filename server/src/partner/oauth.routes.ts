import type { IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { serialize } from 'cookie';
import { OAUTH_DEFAULT_SCOPES, partnerPath } from '../core/contracts.js';
import { Reply } from '../http/reply.js';
import type { RouteKit } from '../http/route-kit.js';
import { AuthorizePageError, type OAuthAnswer, type OAuthProvider } from './oauth-provider.js';
import { AUTHORIZE_PARAM_NAMES, type AuthorizeParams, consentPage, errorPage, signInPage } from './pages.js';
import { SESSION_COOKIE, sessionCookieOf } from './partner-auth.js';
import type { FailedSignIns } from './sign-in-throttle.js';

// HTTP wiring of the OAuth provider, all through the route kit: the spec's authorize page
// (`partner-authorize`, GET, session auth, HTML: sign-in or consent) and token endpoint
// (`partner-token`, form-or-json), and the server's own routes of the flow (server-routes.ts): the
// pages' form posts (`partner-sign-in`, `partner-consent`) and RFC 7009 revocation
// (`partner-revoke`). Everything decided is in oauth-provider.ts; here are only cookies, forms,
// headers and status codes.

export interface OAuthRoutesOptions {
  partnerSegment: string;
  /** Secure cookies: the server is reached over https (PARLEY_PUBLIC_URL). */
  secureCookies: boolean;
  /** Slows failed sign-ins (partner/shared-limits.ts `failedSignInsFor`). */
  failedSignIns: FailedSignIns;
  /** PARLEY_PUBLIC_URL: the origin the sign-in form is posted from; the request's Host without it. */
  publicUrl?: string | undefined;
}

export interface OAuthPages {
  mount(kit: RouteKit): void;
}

/**
 * An HTML page of the flow: never framed, forms only to this server (and the client); never cached
 * either, by the routes' catalog entries (`cacheControl: 'no-store'`).
 */
function page(status: number, body: string, formTarget?: string): Reply {
  // Chromium applies form-action to the redirect after the POST too: the client's URI is allowed.
  const formAction = ["'self'", formTarget ? originOf(formTarget) : ''].filter(Boolean).join(' ');
  return new Reply(status, body, {
    'Content-Type': 'text/html; charset=utf-8',
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
  });
}

/** The provider's answer (token or OAuth error) as it is; `no-store` (RFC 6749 §5.1) is the catalog's. */
function oauthReply(answer: OAuthAnswer): Reply {
  return new Reply(answer.status, JSON.stringify(answer.body), {
    ...answer.headers,
    'Content-Type': 'application/json; charset=utf-8',
  });
}

export function oauthPages(provider: OAuthProvider, options: OAuthRoutesOptions): OAuthPages {
  const authorizePath = partnerPath('/oauth/partner/authorize', options.partnerSegment);
  const signInPath = partnerPath('/oauth/partner/authorize/sign-in', options.partnerSegment);
  const throttle = options.failedSignIns;

  /** The client of the request, or the error page to answer with. */
  const clientOr = async (params: AuthorizeParams) => {
    try {
      return await provider.checkAuthorize(params);
    } catch (error) {
      if (!(error instanceof AuthorizePageError)) throw error;
      return page(400, errorPage(error.message));
    }
  };

  const consentOrSignIn = async (
    cookieHeader: string | undefined,
    params: AuthorizeParams,
  ): Promise<Reply> => {
    const client = await clientOr(params);
    if (client instanceof Reply) return client;
    const refusal = provider.refusal(params);
    if (refusal) return Reply.redirect(refusal);
    const session = await provider.session(sessionCookieOf(cookieHeader));
    if (!session) return page(200, signInPage({ action: signInPath, clientName: client.name, params }));
    const account = await provider.accountOf(session.userId);
    return page(
      200,
      consentPage({
        action: authorizePath,
        clientName: client.name,
        account,
        scopes: params.scope ? params.scope.split(' ').filter(Boolean) : [...OAUTH_DEFAULT_SCOPES],
        csrfToken: session.csrfToken,
        params,
      }),
      params.redirect_uri,
    );
  };

  // Login CSRF: a page of another site must not sign the visitor in to an account of its choosing.
  // Browsers name the posting page's origin (Origin, Sec-Fetch-Site); a client that sends neither is
  // not a browser someone else's page drives.
  const crossSite = (request: IncomingMessage): boolean => {
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') return true;
    const origin = request.headers.origin;
    if (origin === undefined) return false;
    const protocol = (request.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
    const own = options.publicUrl ? originOf(options.publicUrl) : `${protocol}://${request.headers.host}`;
    return origin !== own;
  };

  const signIn = async (body: unknown, request: IncomingMessage): Promise<Reply> => {
    if (crossSite(request)) return page(403, errorPage('Sign in from this site’s own page.'));
    const fields = fieldsOf(body);
    const params = paramsOf(fields);
    const client = await clientOr(params);
    if (client instanceof Reply) return client;
    const email = fields.email ?? '';
    const locked = await throttle.lockedFor(email);
    if (locked > 0) {
      const minutes = Math.ceil(locked / 60_000);
      return page(
        429,
        signInPage({
          action: signInPath,
          clientName: client.name,
          params,
          email,
          error: `Too many failed sign-ins for this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        }),
      );
    }
    const userId = await provider.checkPassword(email, fields.password ?? '');
    if (!userId) {
      await sleep(await throttle.fail(email));
      return page(
        401,
        signInPage({
          action: signInPath,
          clientName: client.name,
          params,
          email,
          error: 'The e-mail address or password is not correct.',
        }),
      );
    }
    await throttle.succeed(email);
    const cookie = serialize(SESSION_COOKIE, await provider.startSession(userId), {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
      path: authorizePath,
    });
    // Back to the authorize URL (GET): the consent page. Only the known parameters are carried.
    const location = `${authorizePath}?${new URLSearchParams(definedOf(params)).toString()}`;
    return new Reply(303, '', { Location: location, 'Set-Cookie': cookie });
  };

  const decide = async (body: unknown, cookieHeader: string | undefined): Promise<Reply> => {
    const fields = fieldsOf(body);
    const params = paramsOf(fields);
    const client = await clientOr(params);
    if (client instanceof Reply) return client;
    const session = await provider.session(sessionCookieOf(cookieHeader));
    if (!session) return consentOrSignIn(cookieHeader, params);
    if (!fields.csrf_token || fields.csrf_token !== session.csrfToken) {
      return page(403, errorPage('The form has expired. Go back and try again.'));
    }
    return Reply.redirect(await provider.decide(params, session.userId, fields.decision === 'allow'));
  };

  return {
    mount(kit) {
      kit.mountPublic('partner-authorize', async (_body, { query, request }) =>
        consentOrSignIn(request.headers.cookie, paramsOf(Object.fromEntries(query))),
      );
      kit.mountPublic('partner-sign-in', async (body, { request }) => signIn(body, request));
      kit.mountPublic('partner-consent', async (body, { request }) => decide(body, request.headers.cookie));
      // Client authentication by Basic header or body fields is the provider's (RFC 6749 §2.3.1).
      kit.mountPublic('partner-token', async (body, { request }) =>
        oauthReply(await provider.token(authorizationOf(request.headers.authorization), fieldsOf(body))),
      );
      kit.mountPublic('partner-revoke', async (body, { request }) =>
        oauthReply(await provider.revoke(authorizationOf(request.headers.authorization), fieldsOf(body))),
      );
    },
  };
}

function authorizationOf(header: string | undefined): Record<string, string> {
  return typeof header === 'string' ? { authorization: header } : {};
}

/** String fields of a parsed body or query; repeated and nested values are dropped. */
function fieldsOf(source: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (source && typeof source === 'object') {
    for (const [name, value] of Object.entries(source)) if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

function paramsOf(source: unknown): AuthorizeParams {
  const fields = fieldsOf(source);
  const params = {} as AuthorizeParams;
  for (const name of AUTHORIZE_PARAM_NAMES) params[name] = fields[name] ?? '';
  return params;
}

function definedOf(params: AuthorizeParams): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== ''));
}

function originOf(uri: string): string {
  try {
    return new URL(uri).origin;
  } catch {
    return '';
  }
}
