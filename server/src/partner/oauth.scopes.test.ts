import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, connect, setPassword, startPartnerServer } from '../../test-support/partner-oauth.js';
import type { TestServer, TestUser } from '../../test-support/test-server.js';
import { allRoutes, type RouteSpec, streamRoutes } from '../core/contracts.js';

// Scopes per route: every route that takes an OAuth access token declares the scopes it needs, and
// a token without them is refused on the speech routes too (in the header or in the `api_key` query).

let server: TestServer;
let ana: TestUser;

beforeAll(async () => {
  server = await startPartnerServer();
  ana = await server.user('ana');
  await setPassword(server, ana);
}, 60_000);
afterAll(() => server.close());

const takesBearer = (route: RouteSpec) => ['api-key', 'query-key', 'partner-bearer'].includes(route.auth);

describe('scopes per route', () => {
  it('every route that takes an access token declares its scopes', () => {
    const routes: readonly RouteSpec[] = [...allRoutes, ...streamRoutes];
    const undeclared = routes
      .filter((route) => takesBearer(route) && (route.scopes ?? []).length === 0)
      .map((route) => route.name);
    expect(undeclared).toEqual([]);
  });

  it('a meetings:read token is refused on translate-text, stt and tts, by header and by query', async () => {
    const { access } = await connect(server, ana, 'meetings:read');
    const translate = await server.post(
      '/v1/translate-text',
      { text: 'hello', target_languages: ['de'] },
      bearer(access),
    );
    expect(translate.status).toBe(403);
    expect(translate.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    const stt = await server.post(`/v1/stt?api_key=${access}`, { audio_url: 'https://example.com/a.wav' });
    expect(stt.status).toBe(403);
    const tts = await fetch(`${server.url}/v1/tts?api_key=${access}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf' },
      body: new Uint8Array(),
    });
    expect(tts.status).toBe(403);
    // The token is still good where its scope applies.
    expect((await server.get('/api/partner/me', bearer(access))).status).toBe(200);
  }, 60_000);

  it('a meetings:write token passes auth on translate-text', async () => {
    const { access } = await connect(server, ana, 'meetings:write');
    const translate = await server.post(
      '/v1/translate-text',
      { text: 'hello', target_languages: ['de'] },
      bearer(access),
    );
    expect([401, 403]).not.toContain(translate.status);
  }, 60_000);
});
