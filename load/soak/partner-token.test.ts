import {
  startTestServer,
  TEST_ADMIN_TOKEN,
  type TestServer,
  type TestUser,
} from '@parley/server/test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routePath } from '../src/routes.js';
import { type PartnerLogin, PartnerToken } from './partner-token.js';

// The soak's partner token against the reference server's OAuth provider: the sign-in, consent and
// PKCE exchange a platform makes, then a refresh (a two-hour soak outlives the hour an access token
// lasts).

const admin = { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const PASSWORD = 'soak password 0123456789';
let server: TestServer;
let user: TestUser;
let login: PartnerLogin;

beforeAll(async () => {
  server = await startTestServer();
  user = await server.user('Soak');
  login = {
    baseUrl: server.url,
    email: user.email,
    password: PASSWORD,
    clientId: 'soak-client',
    clientSecret: 'soak-client-secret-0123456789',
    redirectUri: 'https://platform.example/return',
  };
  const client = await server.post(
    '/_emulator/oauth-clients',
    {
      client_id: login.clientId,
      client_secret: login.clientSecret,
      name: 'Soak',
      redirect_uris: [login.redirectUri],
    },
    admin,
  );
  expect(client.status).toBe(200);
  expect(
    (await server.post(`/_emulator/users/${user.userId}/password`, { password: PASSWORD }, admin)).status,
  ).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

const me = async (token: string) =>
  (await fetch(`${server.url}${routePath('partner-me')}`, { headers: { Authorization: `Bearer ${token}` } }))
    .status;

describe('PartnerToken', () => {
  it('signs in, consents and exchanges the code; keeps the token until asked to refresh', async () => {
    const token = new PartnerToken(login);
    const first = await token.fresh();
    expect(await me(first)).toBe(200);
    expect(await token.fresh()).toBe(first);
    await token.refresh();
    const second = await token.fresh();
    expect(second).not.toBe(first);
    expect(await me(second)).toBe(200);
  });

  it('says which step refused a wrong password', async () => {
    await expect(new PartnerToken({ ...login, password: 'wrong' }).fresh()).rejects.toThrow(
      'partner sign-in answered 401',
    );
  });
});
