import { setTimeout as sleep } from 'node:timers/promises';
import express, { type Request, type Response, Router } from 'express';
import { OAUTH_DEFAULT_SCOPES, partnerPath } from '../services/contracts.js';
import { AuthorizePageError, type OAuthProvider } from './oauth-provider.js';
import { AUTHORIZE_PARAM_NAMES, type AuthorizeParams, consentPage, errorPage, signInPage } from './pages.js';
import { SignInThrottle } from './sign-in-throttle.js';

// HTTP wiring of the OAuth provider: the authorize pages (GET shows sign-in or consent, POSTs take
// the sign-in and the decision), the token endpoint and revocation. Everything decided is in
// oauth-provider.ts; here are only cookies, forms, headers and status codes.

export interface OAuthRoutesOptions {
  partnerSegment: string;
  /** Secure cookies: the server is reached over https (PARLEY_PUBLIC_URL). */
  secureCookies: boolean;
  bodyLimitBytes: number;
}

export const SESSION_COOKIE = 'parley_oauth_session';

export function oauthRoutes(provider: OAuthProvider, options: OAuthRoutesOptions): Router {
  const router = Router();
  const authorizePath = partnerPath('/oauth/partner/authorize', options.partnerSegment);
  const signInPath = `${authorizePath}/sign-in`;
  const tokenPath = partnerPath('/api/oauth/partner/token', options.partnerSegment);
  const revokePath = partnerPath('/api/oauth/partner/revoke', options.partnerSegment);
  const form = express.urlencoded({ extended: false, limit: options.bodyLimitBytes });
  const json = express.json({ limit: options.bodyLimitBytes });
  const throttle = new SignInThrottle();

  const html = (res: Response, status: number, body: string, formTarget?: string) => {
    res.status(status);
    res.set('Content-Type', 'text/html; charset=utf-8');
    res.set('Cache-Control', 'no-store');
    res.set('X-Frame-Options', 'DENY');
    // Chromium applies form-action to the redirect after the POST too: the client's URI is allowed.
    const formAction = ["'self'", formTarget ? originOf(formTarget) : ''].filter(Boolean).join(' ');
    res.set(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    );
    res.send(body);
  };

  /** The client of the request, or the error page already sent. */
  const clientOr = async (res: Response, params: AuthorizeParams) => {
    try {
      return await provider.checkAuthorize(params);
    } catch (error) {
      if (!(error instanceof AuthorizePageError)) throw error;
      html(res, 400, errorPage(error.message));
      return undefined;
    }
  };

  const showConsentOrSignIn = async (req: Request, res: Response, params: AuthorizeParams) => {
    const client = await clientOr(res, params);
    if (!client) return;
    const refusal = provider.refusal(params);
    if (refusal) return void res.redirect(302, refusal);
    const session = await provider.session(cookieOf(req));
    if (!session) {
      return html(res, 200, signInPage({ action: signInPath, clientName: client.name, params }));
    }
    const account = await provider.accountOf(session.userId);
    html(
      res,
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

  router.get(authorizePath, async (req, res) => {
    await showConsentOrSignIn(req, res, paramsOf(req.query));
  });

  router.post(signInPath, form, async (req, res) => {
    const fields = fieldsOf(req.body);
    const params = paramsOf(fields);
    const client = await clientOr(res, params);
    if (!client) return;
    const email = fields.email ?? '';
    const userId = await provider.checkPassword(email, fields.password ?? '');
    if (!userId) {
      await sleep(throttle.fail(email));
      return html(
        res,
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
    throttle.succeed(email);
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
    const client = await clientOr(res, params);
    if (!client) return;
    const session = await provider.session(cookieOf(req));
    if (!session) return showConsentOrSignIn(req, res, params);
    if (!fields.csrf_token || fields.csrf_token !== session.csrfToken) {
      return html(res, 403, errorPage('The form has expired. Go back and try again.'));
    }
    const location = await provider.decide(params, session.userId, fields.decision === 'allow');
    res.redirect(302, location);
  });

  const endpoint =
    (answer: typeof provider.token) =>
    async (req: Request, res: Response): Promise<void> => {
      const headers: Record<string, string> = {};
      if (typeof req.headers.authorization === 'string') headers.authorization = req.headers.authorization;
      const reply = await answer(headers, fieldsOf(req.body));
      res.status(reply.status).set(reply.headers).json(reply.body);
    };
  router.post(tokenPath, form, json, endpoint(provider.token));
  router.post(revokePath, form, json, endpoint(provider.revoke));
  return router;
}

function cookieOf(req: Request): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
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
