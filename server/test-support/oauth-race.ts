import { createHash, randomBytes } from 'node:crypto';

// Races against the token endpoint of one or more server processes sharing a database: parallel
// exchanges of one code and parallel refreshes of one refresh token, spread over the processes
// round robin. Only HTTP and the admin token, so the same rounds run against an in-process test
// server and against spawned processes.

export interface RaceTarget {
  /** Base URLs of the processes (one for an in-process server). */
  urls: string[];
  adminToken: string;
}

export interface RaceClient {
  id: string;
  secret: string;
  redirectUri: string;
  email: string;
  password: string;
}

const json = { 'content-type': 'application/json' };

async function admin(target: RaceTarget, path: string, body: unknown): Promise<Record<string, unknown>> {
  const reply = await fetch(`${target.urls[0]}${path}`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${target.adminToken}` },
    body: JSON.stringify(body),
  });
  if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${await reply.text()}`);
  return (await reply.json()) as Record<string, unknown>;
}

/** A registered client and a user with a password, fresh for this target. */
export async function raceClient(target: RaceTarget): Promise<RaceClient> {
  const tag = randomBytes(4).toString('hex');
  const client: RaceClient = {
    id: `race-client-${tag}`,
    secret: `race-secret-${tag}-0123456789`,
    redirectUri: 'https://platform.example/oauth/return',
    email: `race-${tag}@example.com`,
    password: 'correct horse battery staple',
  };
  await admin(target, '/_emulator/oauth-clients', {
    client_id: client.id,
    client_secret: client.secret,
    name: 'Race platform',
    redirect_uris: [client.redirectUri],
  });
  const user = (await admin(target, '/_emulator/users', { email: client.email, name: 'Race User' })).user as {
    id: string;
  };
  await admin(target, `/_emulator/users/${user.id}/password`, { password: client.password });
  return client;
}

/** A fresh code and its PKCE verifier, through sign-in and consent as a browser does it. */
export async function freshCode(
  target: RaceTarget,
  client: RaceClient,
): Promise<{ code: string; verifier: string }> {
  const base = target.urls[0];
  const verifier = randomBytes(32).toString('base64url');
  const query = {
    response_type: 'code',
    client_id: client.id,
    redirect_uri: client.redirectUri,
    state: 'race',
    scope: 'meetings:read',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  };
  const form = { 'content-type': 'application/x-www-form-urlencoded', origin: base ?? '' };
  const signIn = await fetch(`${base}/oauth/partner/authorize/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: form,
    body: new URLSearchParams({ ...query, email: client.email, password: client.password }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const consent = await (
    await fetch(`${base}${signIn.headers.get('location')}`, { headers: { cookie } })
  ).text();
  const csrf = /name="csrf_token" value="([^"]+)"/.exec(consent)?.[1] ?? '';
  const decided = await fetch(`${base}/oauth/partner/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...form, cookie },
    body: new URLSearchParams({ ...query, csrf_token: csrf, decision: 'allow' }),
  });
  const code = new URL(decided.headers.get('location') ?? 'http://x/').searchParams.get('code');
  if (!code) throw new Error(`no code (sign-in ${signIn.status}, decision ${decided.status})`);
  return { code, verifier };
}

export interface TokenReply {
  status: number;
  body: Record<string, unknown>;
}

export async function tokenCall(
  url: string,
  client: RaceClient,
  fields: Record<string, string>,
): Promise<TokenReply> {
  const reply = await fetch(`${url}/api/oauth/partner/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
    },
    body: new URLSearchParams(fields),
  });
  return { status: reply.status, body: (await reply.json()) as Record<string, unknown> };
}

/** `count` copies of one token request at once, spread over the processes. */
export function inParallel(
  target: RaceTarget,
  client: RaceClient,
  count: number,
  fields: Record<string, string>,
): Promise<TokenReply[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      tokenCall(target.urls[i % target.urls.length] ?? '', client, fields),
    ),
  );
}

/** True when the access token still opens /me on any process. */
export async function accessWorks(target: RaceTarget, access: unknown): Promise<boolean> {
  for (const url of target.urls) {
    const reply = await fetch(`${url}/api/partner/me`, {
      headers: { authorization: `Bearer ${String(access)}` },
    });
    await reply.arrayBuffer();
    if (reply.status === 200) return true;
  }
  return false;
}

export const exchangeFields = (client: RaceClient, code: { code: string; verifier: string }) => ({
  grant_type: 'authorization_code',
  code: code.code,
  redirect_uri: client.redirectUri,
  code_verifier: code.verifier,
});
