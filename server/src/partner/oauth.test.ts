import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorize,
  authorizeQuery,
  bearer,
  CLIENT,
  connect,
  exchange,
  PASSWORD,
  pkcePair,
  registerClient,
  setPassword,
  startPartnerServer,
  tokenRequest,
} from '../../test-support/partner-oauth.js';
import { expectSchema, type TestServer, type TestUser } from '../../test-support/test-server.js';

// The OAuth provider's RFC 6749 behaviour and each RFC 9700 rule the partner interface promises.

let server: TestServer;
let ana: TestUser;

beforeAll(async () => {
  // No refresh grace window here: a reused refresh token revokes its grant at once (the window has
  // its own tests in oauth.replay-race.test.ts).
  server = await startPartnerServer({ env: { PARLEY_OAUTH_REFRESH_GRACE_SECONDS: '0' } });
  ana = await server.user('ana');
  await setPassword(server, ana);
}, 60_000);
afterAll(() => server.close());

const me = (token: string) => server.get('/api/partner/me', bearer(token));

describe('authorize', () => {
  it('shows an error page, never a redirect, for an unknown client or an unregistered redirect URI', async () => {
    for (const query of [
      authorizeQuery({ client_id: 'nobody' }),
      authorizeQuery({ redirect_uri: `${CLIENT.redirectUri}/other` }),
      authorizeQuery({ redirect_uri: `${CLIENT.redirectUri}?x=1` }),
    ]) {
      const reply = await fetch(`${server.url}/oauth/partner/authorize?${query}`, { redirect: 'manual' });
      expect(reply.status).toBe(400);
      expect(reply.headers.get('location')).toBeNull();
      expect(await reply.text()).toContain('cannot be completed');
    }
  }, 60_000);

  it('serves pages that cannot be framed', async () => {
    const reply = await fetch(`${server.url}/oauth/partner/authorize?${authorizeQuery()}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  }, 60_000);

  it('refuses PKCE plain, a challenge without a method, a malformed one and none, back at the client with state', async () => {
    for (const [challenge, method] of [
      ['a'.repeat(43), 'plain'],
      ['a'.repeat(43), ''],
      ['a'.repeat(42), 'S256'],
      ['a'.repeat(129), 'S256'],
      ['a b'.repeat(20), 'S256'],
      ['', ''],
    ]) {
      const query = authorizeQuery({ code_challenge: challenge ?? '', code_challenge_method: method ?? '' });
      const reply = await fetch(`${server.url}/oauth/partner/authorize?${query}`, { redirect: 'manual' });
      expect(reply.status).toBe(302);
      const back = new URL(reply.headers.get('location') ?? '');
      expect(back.searchParams.get('error')).toBe('invalid_request');
      expect(back.searchParams.get('state')).toBe('st-123');
    }
  }, 60_000);

  it('sends access_denied with state when the user declines', async () => {
    const back = await authorize(server, ana, authorizeQuery(), 'deny');
    expect(`${back.origin}${back.pathname}`).toBe(CLIENT.redirectUri);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-123');
    expect(back.searchParams.get('code')).toBeNull();
  }, 60_000);

  it('refuses a sign-in posted from another site (login CSRF), and takes one from its own page', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${server.url}/oauth/partner/authorize/sign-in`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({
          ...Object.fromEntries(authorizeQuery()),
          email: ana.email,
          password: PASSWORD,
        }),
      });
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const refused = await post(headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(refused.headers.get('set-cookie')).toBeNull();
    }
    const own = await post({ origin: server.url, 'sec-fetch-site': 'same-origin' });
    expect(own.status).toBe(303);
  }, 60_000);

  it('refuses a wrong password with 401 and no session', async () => {
    const reply = await fetch(`${server.url}/oauth/partner/authorize/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...Object.fromEntries(authorizeQuery()),
        email: ana.email,
        password: 'wrong',
      }),
    });
    expect(reply.status).toBe(401);
    expect(reply.headers.get('set-cookie')).toBeNull();
  }, 60_000);

  it('locks an address after five failed sign-ins in a row: then even the right password is refused', async () => {
    const lee = await server.user('lee');
    await setPassword(server, lee);
    const signIn = (password: string) =>
      fetch(`${server.url}/oauth/partner/authorize/sign-in`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...Object.fromEntries(authorizeQuery()), email: lee.email, password }),
      });
    for (let i = 0; i < 5; i++) expect((await signIn('wrong')).status).toBe(401);
    const locked = await signIn(PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('set-cookie')).toBeNull();
    expect(await locked.text()).toContain(
      'Too many failed sign-ins for this address. Try again in 5 minutes.',
    );
    // Another address is not locked by them.
    const other = await server.user('mo');
    await setPassword(server, other);
    const fine = await fetch(`${server.url}/oauth/partner/authorize/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...Object.fromEntries(authorizeQuery()),
        email: other.email,
        password: PASSWORD,
      }),
    });
    expect(fine.status).toBe(303);
  });
});

describe('token endpoint (RFC 9700)', () => {
  it('exchanges a PKCE S256 code once; the answer is no-store and the token works', async () => {
    const tokens = await connect(server, ana);
    const reply = await me(tokens.access);
    expect(reply.status).toBe(200);
    expectSchema('partner-me.response', reply.body);
    expect((reply.body as { user_id: string }).user_id).toBe(ana.userId);
  }, 60_000);

  it('answers with no-store and the token-response shape', async () => {
    const { verifier, challenge } = pkcePair();
    const back = await authorize(
      server,
      ana,
      authorizeQuery({ code_challenge: challenge, code_challenge_method: 'S256' }),
    );
    const reply = await exchange(server, back.searchParams.get('code') ?? '', verifier);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expectSchema('oauth-token.response', reply.body);
    expect(reply.body.scope).toBe('meetings:read documents:write');
  }, 60_000);

  it('refuses a code without its verifier or with a wrong one', async () => {
    const { challenge } = pkcePair();
    const query = authorizeQuery({ code_challenge: challenge, code_challenge_method: 'S256' });
    const missing = await exchange(
      server,
      (await authorize(server, ana, query)).searchParams.get('code') ?? '',
      null,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_grant');
    const wrong = await exchange(
      server,
      (await authorize(server, ana, query)).searchParams.get('code') ?? '',
      pkcePair().verifier,
    );
    expect(wrong.body.error).toBe('invalid_grant');
  }, 60_000);

  it('binds the code to the redirect URI and to the client', async () => {
    const code = (await authorize(server, ana, authorizeQuery())).searchParams.get('code') ?? '';
    const otherUri = await tokenRequest(server, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'https://platform.example/elsewhere',
    });
    expect(otherUri.status).toBe(400);
    const other = {
      id: 'second-client',
      secret: 'second-secret-0123456789',
      redirectUri: CLIENT.redirectUri,
    };
    await registerClient(server, other);
    const code2 = (await authorize(server, ana, authorizeQuery())).searchParams.get('code') ?? '';
    const stolen = await tokenRequest(
      server,
      { grant_type: 'authorization_code', code: code2, redirect_uri: CLIENT.redirectUri },
      other,
    );
    expect(stolen.body.error).toBe('invalid_grant');
  }, 60_000);

  it('revokes every token issued from a code when the code is replayed', async () => {
    const code = (await authorize(server, ana, authorizeQuery())).searchParams.get('code') ?? '';
    const first = await exchange(server, code);
    expect(first.status).toBe(200);
    expect((await me(String(first.body.access_token))).status).toBe(200);
    const replay = await exchange(server, code);
    expect(replay.body.error).toBe('invalid_grant');
    expect((await me(String(first.body.access_token))).status).toBe(401);
    const refresh = await tokenRequest(server, {
      grant_type: 'refresh_token',
      refresh_token: String(first.body.refresh_token),
    });
    expect(refresh.body.error).toBe('invalid_grant');
  }, 60_000);

  it('rotates refresh tokens, and reuse of a rotated one revokes the grant', async () => {
    const tokens = await connect(server, ana);
    const next = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: tokens.refresh });
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(tokens.refresh);
    const newAccess = String(next.body.access_token);
    expect((await me(newAccess)).status).toBe(200);
    const reuse = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: tokens.refresh });
    expect(reuse.body.error).toBe('invalid_grant');
    expect((await me(newAccess)).status).toBe(401);
    const afterReuse = await tokenRequest(server, {
      grant_type: 'refresh_token',
      refresh_token: String(next.body.refresh_token),
    });
    expect(afterReuse.body.error).toBe('invalid_grant');
  }, 60_000);

  it('stores only hashes of codes and tokens', async () => {
    const tokens = await connect(server, ana);
    const rows = await server.store.db.selectFrom('oauth_tokens').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === tokens.access || r.token_hash === tokens.refresh)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  }, 60_000);

  it('authenticates the client by Basic or in the body, and refuses a wrong secret with 401', async () => {
    const tokens = await connect(server, ana);
    const body = await fetch(`${server.url}/api/oauth/partner/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh,
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
      }),
    });
    expect(body.status).toBe(200);
    const wrong = await tokenRequest(
      server,
      { grant_type: 'refresh_token', refresh_token: tokens.refresh },
      { ...CLIENT, secret: 'not-the-secret-0000' },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('invalid_client');
    expectSchema('oauth-error', wrong.body);
  }, 60_000);

  it('revokes a grant (RFC 7009): access ends for both tokens', async () => {
    const tokens = await connect(server, ana);
    const reply = await fetch(`${server.url}/api/oauth/partner/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: tokens.refresh,
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
      }),
    });
    expect(reply.status).toBe(200);
    expect((await me(tokens.access)).status).toBe(401);
    const refresh = await tokenRequest(server, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh,
    });
    expect(refresh.body.error).toBe('invalid_grant');
  }, 60_000);
});

describe('bearer errors', () => {
  it('answers 401 with an RFC 6750 challenge, and 403 insufficient_scope for a missing scope', async () => {
    const missing = await server.get('/api/partner/me');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="parley"');
    const invalid = await me('pat_nonsense');
    expect(invalid.status).toBe(401);
    expect(invalid.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const tokens = await connect(server, ana, 'documents:write');
    const narrow = await me(tokens.access);
    expect(narrow.status).toBe(403);
    expect(narrow.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
  }, 60_000);
});
