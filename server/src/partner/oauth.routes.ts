import type { IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { serialize } from 'cookie';
import { OAUTH_DEFAULT_SCOPES, partnerPath } from '../core/contracts.js';
import { Reply } from '../http/reply.js';
import type { RouteKit } from '../http/route-kit.js';
import { AuthorizePageError, type OAuthAnswer, type OAuthProvider } from './oauth-provider.js';
import { crossSite, fieldsOf, htmlPage, paramsOf } from './page-reply.js';
import { type AuthorizeParams, consentPage, errorPage, hrefWith, signInPage } from './pages.js';
import { SESSION_COOKIE, sessionCookieOf } from './partner-auth.js';
import { type FailedSignIns, lockedMessage } from './sign-in-throttle.js';

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
      return htmlPage(400, errorPage(error.message));
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
    if (!session) return htmlPage(200, signInPage({ action: signInPath, clientName: client.name, params }));
    const account = await provider.accountOf(session.userId);
    return htmlPage(
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

  const signIn = async (body: unknown, request: IncomingMessage): Promise<Reply> => {
    if (crossSite(request, options.publicUrl))
      return htmlPage(403, errorPage('Sign in from this site’s own page.'));
    const fields = fieldsOf(body);
    const params = paramsOf(fields);
    const client = await clientOr(params);
    if (client instanceof Reply) return client;
    const email = fields.email ?? '';
    const locked = await throttle.lockedFor(email);
    if (locked > 0) {
      return htmlPage(
        429,
        signInPage({
          action: signInPath,
          clientName: client.name,
          params,
          email,
          error: lockedMessage(locked),
        }),
      );
    }
    const userId = await provider.checkPassword(email, fields.password ?? '');
    if (!userId) {
      await sleep(await throttle.fail(email));
      return htmlPage(
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
    const location = hrefWith(authorizePath, params);
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
      return htmlPage(403, errorPage('The form has expired. Go back and try again.'));
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
