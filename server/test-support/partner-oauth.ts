import { createHash, randomBytes } from 'node:crypto';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer, type TestUser } from './test-server.js';

// An OAuth client and a signed-in user for partner tests, driving the provider over HTTP exactly
// as a browser (forms, cookie) and a client (token endpoint) would.

export const CLIENT = {
  id: 'test-partner-client',
  secret: 'test-partner-secret-0123456789',
  redirectUri: 'https://platform.example/oauth/return',
};
export const PASSWORD = 'correct horse battery staple';

export async function registerClient(server: TestServer, client = CLIENT): Promise<void> {
  const reply = await server.post(
    '/_emulator/oauth-clients',
    {
      client_id: client.id,
      client_secret: client.secret,
      name: 'Test platform',
      redirect_uris: [client.redirectUri],
    },
    { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
  );
  if (reply.status !== 200) throw new Error(`client registration: ${reply.status}`);
}

/** A test server with the partner client registered (CLIENT), as every partner test starts. */
export async function startPartnerServer(
  ...options: Parameters<typeof startTestServer>
): Promise<TestServer> {
  const server = await startTestServer(...options);
  await registerClient(server);
  return server;
}

export async function setPassword(server: TestServer, user: TestUser, password = PASSWORD): Promise<void> {
  const reply = await server.post(
    `/_emulator/users/${user.userId}/password`,
    { password },
    { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
  );
  if (reply.status !== 200) throw new Error(`password: ${reply.status}`);
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The PKCE pair of `authorizeQuery()` and `exchange()` unless a test names its own (PKCE is required). */
export const TEST_PKCE = pkcePair();

export function authorizeQuery(extra: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT.id,
    redirect_uri: CLIENT.redirectUri,
    state: 'st-123',
    code_challenge: TEST_PKCE.challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
}

/** Signs in, then approves or declines; returns the redirect's URL (code or error, and state). */
export async function authorize(
  server: TestServer,
  user: TestUser,
  query: URLSearchParams,
  decision: 'allow' | 'deny' = 'allow',
): Promise<URL> {
  const signIn = await fetch(`${server.url}/oauth/partner/authorize/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...Object.fromEntries(query), email: user.email, password: PASSWORD }),
  });
  if (signIn.status !== 303) throw new Error(`sign-in answered ${signIn.status}`);
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const consent = await fetch(`${server.url}${signIn.headers.get('location')}`, { headers: { cookie } });
  const html = await consent.text();
  const csrf = /name="csrf_token" value="([^"]+)"/.exec(html)?.[1];
  if (!csrf) throw new Error(`no consent form (${consent.status}): ${html.slice(0, 200)}`);
  const decided = await fetch(`${server.url}/oauth/partner/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ ...Object.fromEntries(query), csrf_token: csrf, decision }),
  });
  const location = decided.headers.get('location');
  if (decided.status !== 302 || !location) throw new Error(`decision answered ${decided.status}`);
  return new URL(location);
}

export async function tokenRequest(
  server: TestServer,
  fields: Record<string, string>,
  client = CLIENT,
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const reply = await fetch(`${server.url}/api/oauth/partner/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
    },
    body: new URLSearchParams(fields),
  });
  return {
    status: reply.status,
    body: (await reply.json()) as Record<string, unknown>,
    headers: reply.headers,
  };
}

/** Exchanges a code with `verifier` (TEST_PKCE's by default; null sends none). */
export async function exchange(
  server: TestServer,
  code: string,
  verifier: string | null = TEST_PKCE.verifier,
) {
  return tokenRequest(server, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: CLIENT.redirectUri,
    ...(verifier ? { code_verifier: verifier } : {}),
  });
}

/** A connected user: access and refresh tokens from a full PKCE authorization. */
export async function connect(server: TestServer, user: TestUser, scope?: string) {
  const { verifier, challenge } = pkcePair();
  const query = authorizeQuery({
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...(scope ? { scope } : {}),
  });
  const back = await authorize(server, user, query);
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code: ${back}`);
  const reply = await exchange(server, code, verifier);
  if (reply.status !== 200) throw new Error(`exchange: ${JSON.stringify(reply.body)}`);
  return { access: String(reply.body.access_token), refresh: String(reply.body.refresh_token) };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
