import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_REFUSED } from '../authentication.js';
import { serviceConfig, urls } from '../service.client.js';
import {
  appTester,
  authData,
  authentication,
  BASE_URL,
  bundleWith,
  caught,
  oauth,
  service,
} from './app.test-support.js';

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  expect(nock.isDone()).toBe(true);
  nock.cleanAll();
});

describe('OAuth2 configuration', () => {
  it('uses PKCE, refreshes on its own and asks for the scopes the actions need', () => {
    expect(oauth.enablePkce).toBe(true);
    expect(oauth.autoRefresh).toBe(true);
    expect(oauth.scope?.split(' ')).toEqual(['meetings:read', 'meetings:write', 'documents:write']);
  });

  it('computes the authorize URL at run time, so env:set moves it and no URL is frozen into the build', async () => {
    expect(typeof oauth.authorizeUrl).toBe('function');
    process.env.PARLEY_INTEGRATION_URL = 'https://auth.example.org';
    try {
      const url = (await appTester(oauth.authorizeUrl, {
        inputData: { state: 's', redirect_uri: 'r' },
      })) as string;
      expect(url.startsWith('https://auth.example.org/oauth/partner/authorize?')).toBe(true);
    } finally {
      delete process.env.PARLEY_INTEGRATION_URL;
    }
  });

  it('builds the authorize URL on the configured deployment', async () => {
    const url = await appTester(oauth.authorizeUrl, {
      inputData: {
        state: 'st_42',
        redirect_uri: 'https://zapier.com/dashboard/auth/oauth/return/App1CLIAPI/',
      },
    });
    const parsed = new URL(url as unknown as string);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(`${BASE_URL}/oauth/partner/authorize`);
    expect(Object.fromEntries(parsed.searchParams)).toMatchObject({
      client_id: 'zapier-client',
      state: 'st_42',
      redirect_uri: 'https://zapier.com/dashboard/auth/oauth/return/App1CLIAPI/',
      response_type: 'code',
    });
  });

  it('exchanges the code with the PKCE verifier and the client credentials', async () => {
    nock(BASE_URL)
      .post('/api/oauth/partner/token', (body) => {
        expect(body).toEqual({
          client_id: 'zapier-client',
          client_secret: 'zapier-secret',
          grant_type: 'authorization_code',
          code: 'ac_5b0f1e9d',
          redirect_uri: 'https://zapier.com/return',
          code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
        });
        return true;
      })
      .matchHeader('content-type', /application\/x-www-form-urlencoded/)
      .reply(200, {
        access_token: 'at_new',
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: 'rt_new',
        scope: 'meetings:read meetings:write documents:write',
      });
    const tokens = await appTester(oauth.getAccessToken, {
      inputData: {
        code: 'ac_5b0f1e9d',
        redirect_uri: 'https://zapier.com/return',
        code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
      },
    });
    expect(tokens).toEqual({ access_token: 'at_new', refresh_token: 'rt_new' });
  });

  it('refreshes with the stored refresh token and keeps the rotated one', async () => {
    nock(BASE_URL)
      .post(
        '/api/oauth/partner/token',
        (body) => body.grant_type === 'refresh_token' && body.refresh_token === authData.refresh_token,
      )
      .reply(200, { access_token: 'at_2', token_type: 'Bearer', expires_in: 3600, refresh_token: 'rt_2' });
    expect(await appTester(oauth.refreshAccessToken, { authData })).toEqual({
      access_token: 'at_2',
      refresh_token: 'rt_2',
    });
  });

  it('shows the OAuth error description when the exchange is refused', async () => {
    nock(BASE_URL).post('/api/oauth/partner/token').reply(400, {
      error: 'invalid_grant',
      error_description: 'The authorization code has expired or was already used',
    });
    const error = await caught(appTester(oauth.getAccessToken, { inputData: { code: 'old' } }));
    expect(error.detail.message).toBe(
      'Parley refused the sign-in code (The authorization code has expired or was already used). ' +
        'Codes are single-use and expire after 10 minutes: connect again.',
    );
  });

  it('says which settings to check when the token endpoint refuses the client (401, before mapErrors)', async () => {
    nock(BASE_URL)
      .post('/api/oauth/partner/token')
      .reply(401, { error: 'invalid_client', error_description: 'Client authentication failed' });
    const error = await caught(appTester(oauth.getAccessToken, { inputData: { code: 'c' } }));
    expect(error.name).toBe('AppError');
    expect(error.detail.message).toBe(CLIENT_REFUSED);
    expect(error.detail.message).toMatch(/CLIENT_ID and CLIENT_SECRET/);
  });

  it('asks to reconnect when the refresh token is refused', async () => {
    nock(BASE_URL)
      .post('/api/oauth/partner/token')
      .reply(400, { error: 'invalid_grant', error_description: 'Refresh token was revoked' });
    const error = await caught(appTester(oauth.refreshAccessToken, { authData }));
    expect(error.name).toBe('ExpiredAuthError');
    // Core's appTester appends its own "What happened" lines to the message.
    expect(error.message).toContain(
      'Parley no longer accepts this connection (Refresh token was revoked): it was revoked, or signed out elsewhere. Reconnect your Parley account.',
    );
  });

  it('keeps the stored refresh token when a refresh answer carries none (a concurrent refresh)', async () => {
    nock(BASE_URL)
      .post('/api/oauth/partner/token')
      .reply(200, { access_token: 'at_same', token_type: 'Bearer', expires_in: 3600 });
    expect(await appTester(oauth.refreshAccessToken, { authData })).toEqual({
      access_token: 'at_same',
      refresh_token: authData.refresh_token,
    });
  });

  it('refuses a token answer without an access token, naming the setting to check', async () => {
    nock(BASE_URL).post('/api/oauth/partner/token').reply(200, { hello: 'proxy page' });
    const error = await caught(appTester(oauth.getAccessToken, { inputData: { code: 'c' } }));
    expect(error.detail.message).toMatch(
      /answered without an access token: check that PARLEY_INTEGRATION_URL/,
    );
  });

  it('never sends the old access token to the token endpoint', async () => {
    nock(BASE_URL, { badheaders: ['authorization'] })
      .post('/api/oauth/partner/token')
      .reply(200, { access_token: 'at_3', token_type: 'Bearer', expires_in: 3600, refresh_token: 'rt_3' });
    await appTester(oauth.refreshAccessToken, { authData });
  });
});

describe('connection test and label', () => {
  it('calls /api/partner/me with the bearer and labels the connection with name and e-mail', async () => {
    const me = { user_id: 'usr_3Jk9Q2', email: 'aiko.tanaka@example.com', display_name: 'Aiko Tanaka' };
    service().get('/api/partner/me').reply(200, me);
    expect(await appTester(authentication.test, bundleWith())).toEqual(me);
    expect(authentication.connectionLabel).toBe('{{display_name}} ({{email}})');
  });

  it('fails the test with a refresh request when the token is refused', async () => {
    service().get('/api/partner/me').reply(401, { success: false, error: 'Invalid access token' });
    expect((await caught(appTester(authentication.test, bundleWith()))).name).toBe('RefreshAuthError');
  });
});

describe('deployment settings from the environment', () => {
  it('defaults to the published https service and the spec segment', () => {
    expect(serviceConfig({})).toEqual({
      baseUrl: 'https://api.parley.dev',
      integrationUrl: 'https://api.parley.dev',
      segment: 'partner',
    });
  });

  it('takes the base URL, an integration host and the platform segment from the environment', () => {
    expect(
      serviceConfig({
        PARLEY_BASE_URL: 'http://127.0.0.1:8080/',
        PARLEY_INTEGRATION_URL: 'https://hooks.example.org',
        PARLEY_PARTNER_SEGMENT: 'zapier',
      }),
    ).toEqual({
      baseUrl: 'http://127.0.0.1:8080',
      integrationUrl: 'https://hooks.example.org',
      segment: 'zapier',
    });
  });

  it('refuses a plain-http deployment that is not on this machine, naming the variable', async () => {
    expect(() => serviceConfig({ PARLEY_BASE_URL: 'http://parley.example.com' })).toThrow(
      'PARLEY_BASE_URL must be an https:// address (it is "http://parley.example.com")',
    );
    expect(() => serviceConfig({ PARLEY_INTEGRATION_URL: 'http://10.0.0.5:8080' })).toThrow(
      /PARLEY_INTEGRATION_URL/,
    );
    expect(() => serviceConfig({ PARLEY_BASE_URL: 'not a url' })).toThrow(/must be an https/);
    expect(serviceConfig({ PARLEY_BASE_URL: 'http://localhost:8080' }).baseUrl).toBe('http://localhost:8080');
    const configured = process.env.PARLEY_BASE_URL;
    process.env.PARLEY_BASE_URL = 'http://parley.example.com';
    try {
      const error = await caught(
        appTester(oauth.authorizeUrl, { inputData: { state: 's', redirect_uri: 'r' } }),
      );
      expect(error.message).toMatch(/PARLEY_BASE_URL must be an https:\/\/ address/);
    } finally {
      process.env.PARLEY_BASE_URL = configured;
    }
  });

  it('reads the environment at call time, so routes follow a changed segment', async () => {
    process.env.PARLEY_PARTNER_SEGMENT = 'zapier';
    try {
      expect(urls.token()).toBe(`${BASE_URL}/api/oauth/zapier/token`);
      service().get('/api/zapier/me').reply(200, { user_id: 'u', email: 'u@example.com', display_name: 'U' });
      await appTester(authentication.test, bundleWith());
    } finally {
      delete process.env.PARLEY_PARTNER_SEGMENT;
    }
  });
});
