import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorize,
  authorizeQuery,
  CLIENT,
  connect,
  exchange,
  setPassword,
  startPartnerServer,
  TEST_PKCE,
  tokenRequest,
} from '../../test-support/partner-oauth.js';
import { expectSchema, type TestServer, type TestUser } from '../../test-support/test-server.js';

// The token endpoint's refusals as RFC 6749 §5.2 tables them, and client authentication by Basic
// (§2.3.1, which the server MUST support) and by body fields.

let server: TestServer;
let ana: TestUser;

beforeAll(async () => {
  server = await startPartnerServer({ env: { PARLEY_OAUTH_REFRESH_GRACE_SECONDS: '0' } });
  ana = await server.user('ana');
  await setPassword(server, ana);
}, 60_000);
afterAll(() => server.close());

const formPost = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/oauth/partner/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  });

async function refusal(reply: Response) {
  const body = (await reply.json()) as Record<string, unknown>;
  expectSchema('oauth-error', body);
  return { status: reply.status, error: body.error, headers: reply.headers };
}

describe('token endpoint refusals (RFC 6749 §5.2)', () => {
  it('an unknown or used code, or one exchanged with another redirect_uri, is 400 invalid_grant', async () => {
    const unknown = await exchange(server, 'no-such-code');
    expect([unknown.status, unknown.body.error]).toEqual([400, 'invalid_grant']);
    const back = await authorize(server, ana, authorizeQuery());
    const code = back.searchParams.get('code') ?? '';
    expect((await exchange(server, code)).status).toBe(200);
    const used = await exchange(server, code);
    expect([used.status, used.body.error]).toEqual([400, 'invalid_grant']);
    const other = (await authorize(server, ana, authorizeQuery())).searchParams.get('code') ?? '';
    const elsewhere = await tokenRequest(server, {
      grant_type: 'authorization_code',
      code: other,
      redirect_uri: `${CLIENT.redirectUri}/elsewhere`,
      code_verifier: TEST_PKCE.verifier,
    });
    expect([elsewhere.status, elsewhere.body.error]).toEqual([400, 'invalid_grant']);
    // A refused exchange spends the code (the library revokes it before checking): no second try.
    expect((await exchange(server, other)).body.error).toBe('invalid_grant');
  }, 60_000);

  it('an unknown grant type is 400 unsupported_grant_type; a missing parameter 400 invalid_request', async () => {
    const grant = await tokenRequest(server, { grant_type: 'urn:example:unknown', code: 'x' });
    expect([grant.status, grant.body.error]).toEqual([400, 'unsupported_grant_type']);
    const missing: Record<string, string>[] = [
      { code: 'x', redirect_uri: CLIENT.redirectUri },
      {
        grant_type: 'authorization_code',
        redirect_uri: CLIENT.redirectUri,
        code_verifier: TEST_PKCE.verifier,
      },
      { grant_type: 'refresh_token' },
    ];
    for (const fields of missing) {
      const reply = await tokenRequest(server, fields);
      expect([reply.status, reply.body.error], JSON.stringify(fields)).toEqual([400, 'invalid_request']);
    }
  }, 60_000);

  it('a wrong secret by Basic is 401 invalid_client with WWW-Authenticate; in the body 400 or 401', async () => {
    const tokens = await connect(server, ana);
    const basic = await refusal(
      await formPost(
        { grant_type: 'refresh_token', refresh_token: tokens.refresh },
        { authorization: `Basic ${Buffer.from(`${CLIENT.id}:wrong-secret`).toString('base64')}` },
      ),
    );
    expect([basic.status, basic.error]).toEqual([401, 'invalid_client']);
    expect(basic.headers.get('www-authenticate')).toMatch(/^Basic /);
    const body = await refusal(
      await formPost({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh,
        client_id: CLIENT.id,
        client_secret: 'wrong-secret',
      }),
    );
    expect(body.error).toBe('invalid_client');
    expect([400, 401]).toContain(body.status);
  }, 60_000);

  it('takes the client credentials in the form body as well as in Basic', async () => {
    const tokens = await connect(server, ana);
    const reply = await formPost({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh,
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
    });
    expect(reply.status).toBe(200);
  }, 60_000);
});
