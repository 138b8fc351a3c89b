import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';
import { RequestLimits } from '../core/contracts.js';

// Bad input the fuzzers found past the body parser: malformed %-escapes in a cookie and in HTTP
// Basic credentials, and JSON nested thousands deep. Each is a 4xx in the spec's error shape; the
// error path itself never throws (no 500, no dropped connection).

let server: TestServer;
let ana: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  ana = await server.user('ana');
}, 60_000);
afterAll(() => server.close());

const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('malformed input', () => {
  it('a session cookie that is a lone % is no session, not a 500', async () => {
    const reply = await fetch(
      `${server.url}/oauth/partner/authorize?response_type=code&client_id=nope&redirect_uri=https://x.example/`,
      { headers: { cookie: 'parley_oauth_session=%' } },
    );
    expect(reply.status).toBeLessThan(500);
    await reply.arrayBuffer();
  });

  it('HTTP Basic credentials with a bad %-escape are 401 invalid_client (token and revoke)', async () => {
    for (const [path, body] of [
      ['/api/oauth/partner/token', 'grant_type=refresh_token&refresh_token=abc'],
      ['/api/oauth/partner/revoke', 'token=abc'],
    ] as const) {
      const reply = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from('%E0:x').toString('base64')}`,
        },
        body,
      });
      expect(reply.status).toBe(401);
      expect(((await reply.json()) as { error: string }).error).toBe('invalid_client');
    }
  });

  it('JSON nested deeper than the limit is a 400 on every JSON route, answered in full', async () => {
    for (const body of [deep(5_000), deepObject(5_000), `{"title":${deep(RequestLimits.jsonDepth + 1)}}`]) {
      const reply = await server.post('/v1/create-meeting', body, { 'x-api-key': ana.key });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    }
    const token = await fetch(`${server.url}/api/oauth/partner/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: deepObject(5_000),
    });
    expect(token.status).toBeLessThan(500);
    await token.arrayBuffer();
  });

  it('JSON within the limit is validated as before (422 echoing its input)', async () => {
    const reply = await server.post('/v1/create-meeting', `{"title":${deep(RequestLimits.jsonDepth - 2)}}`, {
      'x-api-key': ana.key,
    });
    expect(reply.status).toBe(422);
  });
});
