import { setTimeout as sleep } from 'node:timers/promises';
import express, { type Request, type Response, Router } from 'express';
import { OAUTH_DEFAULT_SCOPES, partnerPath } from '../core/contracts.js';
import { Reply } from '../http/reply.js';
import type { RouteKit } from '../http/route-kit.js';
import { AuthorizePageError, type OAuthAnswer, type OAuthProvider } from './oauth-provider.js';
import { AUTHORIZE_PARAM_NAMES, type AuthorizeParams, consentPage, errorPage, signInPage } from './pages.js';
import { SESSION_COOKIE, sessionCookieOf } from './partner-auth.js';
import type { FailedSignIns } from './sign-in-throttle.js';

// HTTP wiring of the OAuth provider. The catalog's two routes go through the route kit: the
// authorize page (`partner-authorize`, GET, session auth, HTML: sign-in or consent) and the token
// endpoint (`partner-token`, form-or-json). The pages' form POSTs (sign-in, decision) and RFC 7009
// revocation are not in the spec's catalog and ride on an Express router. Everything decided is in
// oauth-provider.ts; here are only cookies, forms, headers and status codes.

export interface OAuthRoutesOptions {
  partnerSegment: string;
  /** Secure cookies: the server is reached over https (PARLEY_PUBLIC_URL). */
  secureCookies: boolean;
  bodyLimitBytes: number;
  /** Slows failed sign-ins (partner/shared-limits.ts `failedSignInsFor`). */
  failedSignIns: FailedSignIns;
}

export interface OAuthPages {
  mount(kit: RouteKit): void;
  router: Router;
}

/** An HTML page of the flow: never cached, never framed, forms only to this server (and the client). */
function page(status: number, body: string, formTarget?: string): Reply {
  // Chromium applies form-action to the redirect after the POST too: the client's URI is allowed.
  const formAction = ["'self'", formTarget ? originOf(formTarget) : ''].filter(Boolean).join(' ');
  return new Reply(status, body, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
  });
}

/** The provider's answer (token or OAuth error) as it is, never cached (RFC 6749 §5.1). */
function oauthReply(answer: OAuthAnswer): Reply {
  return new Reply(answer.status, JSON.stringify(answer.body), {
    ...answer.headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });
}

function send(res: Response, reply: Reply): void {
  res.status(reply.status).set(reply.headers).send(reply.body);
}

export function oauthPages(provider: OAuthProvider, options: OAuthRoutesOptions): OAuthPages {
  const router = Router();
  const authorizePath = partnerPath('/oauth/partner/authorize', options.partnerSegment);
  const signInPath = `${authorizePath}/sign-in`;
  const revokePath = partnerPath('/api/oauth/partner/revoke', options.partnerSegment);
  const form = express.urlencoded({ extended: false, limit: options.bodyLimitBytes });
  const json = express.json({ limit: options.bodyLimitBytes });
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

  router.post(signInPath, form, async (req, res) => {
    const fields = fieldsOf(req.body);
    const params = paramsOf(fields);
    const client = await clientOr(params);
    if (client instanceof Reply) return send(res, client);
    const email = fields.email ?? '';
    const userId = await provider.checkPassword(email, fields.password ?? '');
    if (!userId) {
      await sleep(await throttle.fail(email));
      return send(
        res,
        page(
          401,
          signInPage({
            action: signInPath,
            clientName: client.name,
            params,
            email,
            error: 'The e-mail address or password is not correct.',
          }),
        ),
      );
    }
    await throttle.succeed(email);
    const cookie = await provider.startSession(userId);
    res.cookie(SESSION_COOKIE, cookie, {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
      path: authorizePath,
    });
    // Back to the authorize URL (GET): the consent page. Only the known parameters are carried.
    res.redirect(303, `${authorizePath}?${new URLSearchParams(definedOf(params)).toString()}`);
  });

  router.post(authorizePath, form, async (req, res) => {
    const fields = fieldsOf(req.body);
    const params = paramsOf(fields);
    const client = await clientOr(params);
    if (client instanceof Reply) return send(res, client);
    const session = await provider.session(sessionCookieOf(req.headers.cookie));
    if (!session) return send(res, await consentOrSignIn(req.headers.cookie, params));
    if (!fields.csrf_token || fields.csrf_token !== session.csrfToken) {
      return send(res, page(403, errorPage('The form has expired. Go back and try again.')));
    }
    const location = await provider.decide(params, session.userId, fields.decision === 'allow');
    res.redirect(302, location);
  });

  router.post(revokePath, form, json, async (req: Request, res: Response) => {
    send(
      res,
      oauthReply(await provider.revoke(authorizationOf(req.headers.authorization), fieldsOf(req.body))),
    );
  });

  return {
    router,
    mount(kit) {
      kit.mountPublic('partner-authorize', async (_body, { query, request }) =>
        consentOrSignIn(request.headers.cookie, paramsOf(Object.fromEntries(query))),
      );
      // Client authentication by Basic header or body fields is the provider's (RFC 6749 §2.3.1).
      kit.mountPublic('partner-token', async (body, { request }) =>
        oauthReply(await provider.token(authorizationOf(request.headers.authorization), fieldsOf(body))),
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
