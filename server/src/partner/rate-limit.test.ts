import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, connect, setPassword, startPartnerServer } from '../../test-support/partner-oauth.js';
import type { TestServer } from '../../test-support/test-server.js';
import { TokenRateLimit } from './rate-limit.js';

// The partner routes' per-token rate limit: 429 with Retry-After once a token's bucket is empty,
// other tokens unaffected, and requests allowed again as the bucket refills.

describe('TokenRateLimit', () => {
  it('refills continuously and names the wait in whole seconds', () => {
    let now = 0;
    const limit = new TokenRateLimit(2, () => now);
    limit.take('a');
    limit.take('a');
    let error: unknown;
    try {
      limit.take('a');
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'LIMIT_EXCEEDED', headers: { 'Retry-After': '30' } });
    limit.take('b');
    now += 30_000;
    expect(() => limit.take('a')).not.toThrow();
  });
});

describe('partner rate limit over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startPartnerServer({ env: { PARLEY_PARTNER_RATE_LIMIT: '3' } });
  }, 60_000);
  afterAll(() => server.close());

  it('answers 429 with Retry-After past the limit, per token', async () => {
    const ana = await server.user('Ana');
    await setPassword(server, ana);
    const first = await connect(server, ana);
    const second = await connect(server, ana);
    for (let i = 0; i < 3; i++)
      expect((await server.get('/api/partner/me', bearer(first.access))).status).toBe(200);
    const limited = await server.get('/api/partner/me', bearer(first.access));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.body).toMatchObject({ success: false, code: 'LIMIT_EXCEEDED' });
    expect((await server.get('/api/partner/me', bearer(second.access))).status).toBe(200);
  }, 60_000);
});
