import { createHash, randomBytes } from 'node:crypto';
import { couldNotJudge, expect, fail, skip, Verdict, verify } from './check.js';
import type { CheckContext } from './context.js';
import { formsOf, type HtmlForm, submission } from './html-form.js';
import type { Reply } from './http-client.js';
import { at } from './json-path.js';
import { choiceSchema, expectJson, expectStatus } from './schema-check.js';

// The partner interface's OAuth 2.0 authorization-code flow with PKCE (RFC 6749, RFC 7636), driven
// against the deployment's own pages over plain HTTP as a browser without JavaScript would: open the
// authorize URL, fill and post the sign-in form, press the consent form's allow button, read the
// redirect back to the client, then exchange the code with the verifier at the token endpoint.

export const AUTHORIZE_PATH = '/oauth/partner/authorize';
export const TOKEN_PATH = '/api/oauth/partner/token';

export interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  token_type: string;
  expires_in?: number;
  scope?: string;
}

/** What the flow needs; the flag each part comes from is named when it is missing. */
export function oauthInputs(ctx: CheckContext) {
  const { oauthClient, oauthUser, oauthRedirectUri } = ctx.target;
  const missing = [
    oauthClient ? '' : '--oauth-client ID:SECRET',
    oauthUser ? '' : '--oauth-user EMAIL:PASSWORD',
    oauthRedirectUri ? '' : '--oauth-redirect-uri URI',
  ].filter(Boolean);
  if (!oauthClient || !oauthUser || !oauthRedirectUri)
    return skip(
      `needs ${missing.join(', ')}`,
      missing.map((flag) => flag.split(' ')[0] as string),
    );
  return { client: oauthClient, user: oauthUser, redirectUri: oauthRedirectUri };
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A cookie jar for one deployment, over the recording client (every step is evidence). */
class Browser {
  private cookies = new Map<string, string>();
  constructor(private readonly ctx: CheckContext) {}

  async request(url: string, form?: URLSearchParams): Promise<Reply & { url: string }> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const reply = await this.ctx.http.send(url, {
      method: form ? 'POST' : 'GET',
      headers,
      ...(form ? { body: form.toString() } : {}),
    });
    for (const cookie of reply.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const value = pair.slice(at + 1).trim();
      // A session cookie is a credential.
      this.ctx.secret('SESSION_COOKIE', value);
      this.cookies.set(pair.slice(0, at).trim(), value);
    }
    return { ...reply, url };
  }

  /** Requests `url` and follows redirects within the deployment (at most 5); stops at one leaving it. */
  async open(url: string, form?: URLSearchParams): Promise<Reply & { url: string; location?: URL }> {
    const origin = new URL(url).origin;
    let reply = await this.request(url, form);
    for (let hop = 0; hop < 5; hop++) {
      const location = reply.headers.get('location');
      if (reply.status < 300 || reply.status >= 400 || !location) return reply;
      const next = new URL(location, reply.url);
      if (next.origin !== origin) return { ...reply, location: next };
      reply = await this.request(next.href);
    }
    return fail(
      'SEQUENCE',
      `${url}: more than 5 redirects within the deployment`,
      at('authorize pages', 'status', 'at most 5 redirects'),
    );
  }
}

const BUTTONS = {
  allow: /allow|approve|authori[sz]e|accept|grant/i,
  deny: /deny|decline|reject|cancel|refuse/i,
};

/**
 * Walks the authorize pages for `query` (client_id, redirect_uri, state, PKCE challenge …) as the
 * user of --oauth-user and approves (or, `deny`, presses the consent page's deny button); returns
 * the redirect back to the client.
 */
export async function approve(
  ctx: CheckContext,
  query: URLSearchParams,
  decision: keyof typeof BUTTONS = 'allow',
): Promise<URL> {
  const pressed = (b: HtmlForm['buttons'][number]) => BUTTONS[decision].test(`${b.value} ${b.label}`);
  const { user, redirectUri } = oauthInputs(ctx);
  const browser = new Browser(ctx);
  const page = await browser.open(`${ctx.partnerUrl(AUTHORIZE_PATH)}?${query}`);
  const signIn = formsOf(page.text).find((f) => f.inputs.some((i) => i.type === 'password'));
  expect(
    page.status === 200 && signIn,
    page.status === 200 ? 'SEQUENCE' : 'STATUS',
    `authorize page: expected 200 with a sign-in form, got ${page.status} ${page.text.slice(0, 200)}`,
    at('authorize page', page.status === 200 ? '$' : 'status', '200 with a sign-in form', page.status),
  );
  const password = signIn.inputs.find((i) => i.type === 'password')?.name ?? 'password';
  const login =
    signIn.inputs.find((i) => i.type === 'email') ??
    signIn.inputs.find((i) => i.type === 'text' && /mail|user|login/i.test(i.name));
  expect(
    login,
    'SEQUENCE',
    'sign-in form has no e-mail or user-name field',
    at('authorize page', '$', 'an e-mail or user-name field'),
  );
  // The password as the form body carries it (the raw one is redacted by the runner).
  ctx.secret('OAUTH_PASSWORD', new URLSearchParams({ p: user.password }).toString().slice(2));
  let next = await browser.open(
    new URL(signIn.action || page.url, page.url).href,
    submission(signIn, { [login.name]: user.email, [password]: user.password }),
  );
  // A consent page (skipped by providers that remember the grant): press its allow button.
  const consent = next.location ? undefined : formsOf(next.text).find((f) => f.buttons.some(pressed));
  // A provider that remembers the grant shows no consent page: a denial cannot be asked for.
  if (!consent && decision === 'deny')
    couldNotJudge(`after sign-in: no consent page with a deny button (${next.status})`);
  if (consent) {
    const button = consent.buttons.find(pressed);
    next = await browser.open(
      new URL(consent.action || next.url, next.url).href,
      submission(consent, {}, button),
    );
  }
  const back = next.location;
  expect(
    back?.href.startsWith(redirectUri) === true,
    'SEQUENCE',
    `after sign-in${consent ? ' and consent' : ''}: expected a redirect to ${redirectUri}, got ${next.status} ${back ?? next.text.slice(0, 200)}`,
    at('after sign-in', 'header location', redirectUri, back?.href ?? next.status),
  );
  return back as URL;
}

/**
 * POST to the token endpoint (or another endpoint of the provider, `url`: revocation), the client
 * authenticated by HTTP Basic (RFC 6749 §2.3.1).
 */
export function tokenRequest(
  ctx: CheckContext,
  fields: Record<string, string>,
  url = ctx.partnerUrl(TOKEN_PATH),
): Promise<Reply> {
  const { client } = oauthInputs(ctx);
  const basic = Buffer.from(`${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`).toString(
    'base64',
  );
  ctx.secret('OAUTH_CLIENT_BASIC', basic);
  return ctx.http.send(url, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

/**
 * Checks a token answer as RFC 6749 §5.1 has it (access_token and token_type REQUIRED, token_type
 * "bearer" in any case since the spec's requests carry `Bearer`; expires_in only RECOMMENDED;
 * `Cache-Control: no-store`, other directives beside it allowed) and
 * remembers its tokens as secrets (they are redacted in every report). `refreshToken`: the answer must
 * carry one (the spec's step 2 exchanges the code "for an access token and a refresh token").
 * Parley's own token schema (expires_in present, "Bearer" spelled so) is a choice.
 */
export function expectTokens(
  ctx: CheckContext,
  reply: Reply,
  what: string,
  refreshToken = true,
): TokenAnswer {
  expectStatus(reply, 200, what);
  expectJson(reply, what);
  const tokens = reply.body as Record<string, unknown>;
  // Without an access token nothing after it can be judged.
  expect(
    typeof tokens.access_token === 'string' && tokens.access_token.length > 0,
    tokens.access_token === undefined ? 'MISSING_FIELD' : 'TYPE',
    `${what}: no access_token (RFC 6749 §5.1)`,
    at(what, '$.access_token', 'a non-empty string', tokens.access_token),
  );
  verify(
    typeof tokens.token_type === 'string' && tokens.token_type.toLowerCase() === 'bearer',
    tokens.token_type === undefined ? 'MISSING_FIELD' : 'VALUE',
    `${what}: token_type is ${JSON.stringify(tokens.token_type)}, not bearer (RFC 6749 §5.1, case-insensitive)`,
    at(what, '$.token_type', 'bearer', tokens.token_type),
  );
  if (tokens.expires_in !== undefined)
    verify(
      typeof tokens.expires_in === 'number' && tokens.expires_in > 0,
      typeof tokens.expires_in === 'number' ? 'VALUE' : 'TYPE',
      `${what}: expires_in is ${JSON.stringify(tokens.expires_in)}, not a positive number of seconds`,
      at(what, '$.expires_in', 'a positive number', tokens.expires_in),
    );
  if (refreshToken)
    verify(
      typeof tokens.refresh_token === 'string' && tokens.refresh_token.length > 0,
      tokens.refresh_token === undefined ? 'MISSING_FIELD' : 'TYPE',
      `${what}: no refresh_token (Authentication 4 step 2)`,
      at(what, '$.refresh_token', 'a non-empty string', tokens.refresh_token),
    );
  // The one caching rule the spec carries (by naming OAuth 2.0); elsewhere a deployment chooses.
  const cacheControl = reply.headers.get('cache-control') ?? '';
  verify(
    /(^|,)\s*no-store\s*(,|$)/i.test(cacheControl),
    'SECURITY',
    `${what}: Cache-Control is ${JSON.stringify(cacheControl || null)}, not no-store (RFC 6749 §5.1)`,
    at(what, 'header Cache-Control', 'no-store', cacheControl || null),
  );
  choiceSchema('oauth-token.response', reply, what);
  ctx.secret('ACCESS_TOKEN', tokens.access_token as string);
  if (typeof tokens.refresh_token === 'string') ctx.secret('REFRESH_TOKEN', tokens.refresh_token);
  return tokens as unknown as TokenAnswer;
}

/** A refusal at the token endpoint as RFC 6749 §5.2 words it: 400 (or 401) with `error`. */
export function isRefusal(reply: Reply): boolean {
  return (
    (reply.status === 400 || reply.status === 401) &&
    typeof (reply.body as { error?: unknown }).error === 'string'
  );
}

/**
 * An authorization of the run's client for --oauth-user, PKCE S256 with a fresh pair: the redirect
 * back's `code` and the verifier that goes with it (`state` is checked by the caller that cares).
 */
export async function authorizedCode(
  ctx: CheckContext,
  state: string,
): Promise<{ back: URL; code: string; verifier: string }> {
  const { verifier, challenge } = pkcePair();
  const back = await approve(ctx, authorizeQuery(ctx, { state, code_challenge: challenge }));
  const code = back.searchParams.get('code');
  expect(
    code,
    'MISSING_FIELD',
    `redirect back carries no code: ${back.search}`,
    at('redirect back', 'query code'),
  );
  return { back, code, verifier };
}

/** A whole authorization: PKCE S256, the pages, `state` echoed, the code exchanged with its verifier. */
export async function connect(ctx: CheckContext): Promise<TokenAnswer> {
  const { redirectUri } = oauthInputs(ctx);
  // Seeded (a replay sends the same); `state` protects a browser's session, which the kit has none of.
  const state = `kit-${ctx.rng.int(0, 2 ** 30).toString(36)}${ctx.rng.int(0, 2 ** 30).toString(36)}`;
  const { back, code, verifier } = await authorizedCode(ctx, state);
  verify(
    back.searchParams.get('state') === state,
    'SECURITY',
    `redirect back: state is ${JSON.stringify(back.searchParams.get('state'))}, not the one sent`,
    at('redirect back', 'query state', 'the state sent', back.searchParams.get('state')),
  );
  return expectTokens(
    ctx,
    await tokenRequest(ctx, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
    'code exchange',
  );
}

export function authorizeQuery(ctx: CheckContext, extra: Record<string, string>): URLSearchParams {
  const { client, redirectUri } = oauthInputs(ctx);
  return new URLSearchParams({
    response_type: 'code',
    client_id: client.id,
    redirect_uri: redirectUri,
    code_challenge_method: 'S256',
    ...(ctx.target.oauthScope ? { scope: ctx.target.oauthScope } : {}),
    ...extra,
  });
}

/**
 * The bearer token the partner checks use: --partner-token, or the tokens of one authorization made
 * for the run (shared by the checks). A failed authorization leaves them unable to judge.
 */
export async function partnerBearer(ctx: CheckContext): Promise<string> {
  if (ctx.target.partnerToken) return ctx.target.partnerToken;
  if (!ctx.target.oauthClient || !ctx.target.oauthUser || !ctx.target.oauthRedirectUri) {
    return skip('needs --partner-token, or --oauth-client, --oauth-user and --oauth-redirect-uri', [
      '--partner-token',
      '--oauth-client',
      '--oauth-user',
      '--oauth-redirect-uri',
    ]);
  }
  try {
    return (await ctx.shared('partner-grant', () => connect(ctx))).access_token;
  } catch (error) {
    if (error instanceof Verdict && error.status === 'SKIPPED') throw error;
    throw new Verdict(
      'COULD_NOT_JUDGE',
      `no bearer token: the authorization failed (${(error as Error).message})`,
    );
  }
}

/** GET a partner route with the run's bearer token. */
export async function partnerGet(ctx: CheckContext, path: string): Promise<Reply> {
  const token = await partnerBearer(ctx);
  return ctx.http.send(ctx.partnerUrl(path), { headers: { authorization: `Bearer ${token}` } });
}
