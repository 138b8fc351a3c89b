// The end-to-end tests' side of the reference server: a server started in-process (dev-time import of
// the server's test helper; the app itself never imports the server), an OAuth client registered for
// the platform's redirect URI, a user with a password, and a browser stand-in that walks the
// authorize pages by their own forms, following redirects by hand.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import {
  startTestServer,
  TEST_ADMIN_TOKEN,
  type TestServer,
  type TestUser,
} from '@parley/server/test-server';
import { expect } from 'vitest';
import { loadApp } from './load-app.test-support.js';

// The receiver of hook deliveries and callbacks the server's tests use too.
export { type Delivery, startReceiver } from '@parley/server/test-hosts';
export type { TestServer, TestUser };

export const CLIENT = {
  id: 'zapier-e2e-client',
  secret: 'zapier-e2e-secret-0123456789abcdef',
  redirectUri: 'https://zapier.com/dashboard/auth/oauth/return/App000CLIAPI/',
};
export const PASSWORD = 'e2e correct horse battery staple';

/**
 * Limits of the end-to-end tests: a step that takes 2 s on an idle machine takes many times that on a
 * busy 2-core one (the server, its engines and the test share the cores), so the limits are minutes,
 * not vitest's default seconds. A hung test still ends.
 */
export const E2E_TIMEOUTS = { testTimeout: 180_000, hookTimeout: 180_000 };

const admin = { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

async function expectOk<T>(what: string, reply: Promise<{ status: number; body: T }>): Promise<T> {
  const { status, body } = await reply;
  if (status !== 200) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * zapier-platform-core patches `http.request`/`https.request` of the process for its request logs, and
 * the patch only knows the `request(options, callback)` form: the in-process server's outbound client
 * (`request(url, options)`, as the callback job uses) would send a bare GET. On the platform the app
 * runs alone, so the test marks the modules as patched already, which core's own guard then skips.
 */
export function keepHttpUnpatched(): void {
  for (const module of [http, https]) Object.assign(module, { patchedByZapier: true });
}

/** A reference server with the platform's OAuth client and a user who can sign in. */
export async function startDeployment(env: Record<string, string> = {}) {
  const server = await startTestServer({
    // Callbacks go to a receiver on 127.0.0.1, which the SSRF guard refuses by default.
    env: { PARLEY_ALLOW_PRIVATE_URLS: 'true', ...env },
  });
  const client = await expectOk(
    'client registration',
    server.post<{ webhook_secret?: string }>(
      '/_emulator/oauth-clients',
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        name: 'Zapier',
        redirect_uris: [CLIENT.redirectUri],
      },
      admin,
    ),
  );
  const user = await server.user('Ada');
  await expectOk(
    'password',
    server.post(`/_emulator/users/${user.userId}/password`, { password: PASSWORD }, admin),
  );
  return { server, user, webhookSecret: client.webhook_secret };
}

/** Ends a meeting the way a last live stream would (emulator), enqueueing the partner job. */
export const endMeeting = (server: TestServer, meetingId: string) =>
  expectOk('meeting end', server.post(`/_emulator/meetings/${encodeURIComponent(meetingId)}/end`, {}, admin));

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

interface Form {
  action: string;
  fields: Record<string, string>;
}

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The page's one form: its action and hidden fields, as a browser would submit them. */
export function formOf(html: string): Form {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error(`no form on the page: ${html.slice(0, 300)}`);
  const fields: Record<string, string> = {};
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    if (name) fields[name] = unescapeHtml(value ?? '');
  }
  return { action: unescapeHtml(action), fields };
}

/** A browser without JavaScript: one cookie jar, redirects followed by hand. */
export class Browser {
  private cookies = new Map<string, string>();

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      redirect: 'manual',
      headers,
      ...(init.form ? { body: new URLSearchParams(init.form) } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return {
      status: response.status,
      location: response.headers.get('location'),
      html: await response.text(),
    };
  }

  /** Opens `url` and follows same-site redirects (at most 5) until a page or a redirect elsewhere. */
  async open(url: string, init: { form?: Record<string, string> } = {}) {
    let reply = await this.request(url, init);
    let at = url;
    for (let hop = 0; hop < 5 && reply.location && reply.status >= 300 && reply.status < 400; hop++) {
      const next = new URL(reply.location, at);
      if (next.origin !== new URL(url).origin) return { ...reply, url: next };
      at = next.href;
      reply = await this.request(at);
    }
    return { ...reply, url: new URL(at) };
  }
}

/**
 * Signs in on the authorize page and approves: returns the URL the provider sent the browser back to
 * (the platform's redirect URI with `code` and `state`).
 */
export async function signInAndApprove(
  authorizeUrl: string,
  email: string,
  password = PASSWORD,
): Promise<URL> {
  const browser = new Browser();
  const signInPage = await browser.open(authorizeUrl);
  if (signInPage.status !== 200) throw new Error(`authorize page answered ${signInPage.status}`);
  const signIn = formOf(signInPage.html);
  const consentPage = await browser.open(new URL(signIn.action, signInPage.url).href, {
    form: { ...signIn.fields, email, password },
  });
  if (consentPage.status !== 200 || !consentPage.html.includes('csrf_token')) {
    throw new Error(
      `sign-in did not lead to the consent page (${consentPage.status}): ${consentPage.html.slice(0, 300)}`,
    );
  }
  const consent = formOf(consentPage.html);
  const decided = await browser.request(new URL(consent.action, consentPage.url).href, {
    form: { ...consent.fields, decision: 'allow' },
  });
  if (!decided.location || decided.status < 300 || decided.status >= 400) {
    throw new Error(`the decision answered ${decided.status}: ${decided.html.slice(0, 300)}`);
  }
  return new URL(decided.location);
}

export type AuthData = { access_token: string; refresh_token: string };
/** The app tester as the end-to-end tests call it. */
export type Run = (method: unknown, bundle?: object) => Promise<unknown>;
interface OAuthConfig {
  authorizeUrl?: unknown;
  getAccessToken?: unknown;
  scope?: unknown;
}

/** The app loaded against the deployment `server` for the e2e client: its definition, OAuth config and tester. */
export async function loadAppOn(server: TestServer) {
  const { App, appTester } = await loadApp({
    baseUrl: server.url,
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
  });
  const oauth = App.authentication?.oauth2Config;
  if (!oauth) throw new Error('the app defines no oauth2Config');
  return { App, oauth, run: appTester as Run };
}

/** The platform's side of a connection: authorize URL with PKCE, the pages, the app's token exchange. */
export async function connectAccount(oauth: OAuthConfig, run: Run, email: string): Promise<AuthData> {
  const { verifier, challenge } = pkcePair();
  const state = 'zapier-state-7f3a';
  // The platform evaluates a function authorizeUrl with the bundle at run time.
  const authorizeUrl =
    typeof oauth.authorizeUrl === 'function'
      ? String(await run(oauth.authorizeUrl, { inputData: { state, redirect_uri: CLIENT.redirectUri } }))
      : String(oauth.authorizeUrl);
  const url = new URL(authorizeUrl);
  // What the platform adds itself: the app's scope and, with enablePkce, the S256 challenge.
  url.searchParams.set('scope', String(oauth.scope));
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  const back = await signInAndApprove(url.href, email);
  expect(back.href.startsWith(CLIENT.redirectUri)).toBe(true);
  expect(back.searchParams.get('state')).toBe(state);
  const code = back.searchParams.get('code');
  expect(code).toBeTruthy();
  const tokens = (await run(oauth.getAccessToken, {
    inputData: { code, redirect_uri: CLIENT.redirectUri, code_verifier: verifier },
  })) as AuthData;
  expect(tokens.access_token).toBeTruthy();
  expect(tokens.refresh_token).toBeTruthy();
  return tokens;
}

/**
 * Steps the server's outbox until `done()` holds, in a bounded number of rounds: an event goes
 * through a chain of jobs (the meeting's end, the fan-out, the deliveries), each due when queued.
 */
export async function runJobsUntil(server: TestServer, done: () => boolean, rounds = 40): Promise<void> {
  for (let round = 0; round < rounds && !done(); round++) {
    await server.jobs.runDue();
    if (!done()) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
