import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectSchema,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../test-support/test-server.js';
import { ErrorText } from '../core/contracts.js';

let server: TestServer;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer({ env: { PARLEY_BODY_LIMIT_BYTES: '2048' } });
  alice = await server.user('Alice');
});
afterAll(() => server.close());

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  server.post(path, body, { 'X-API-Key': alice.key, ...headers });

describe('request bodies', () => {
  it('unparseable JSON: 400 "Invalid JSON"', async () => {
    const reply = await post('/v1/delete-meeting', '{"meeting_id": ');
    expect(reply.status).toBe(400);
    expectSchema('api-error', reply.body);
    expect(reply.body).toEqual({ success: false, error: ErrorText.invalidJson, code: 'BAD_REQUEST' });
  });

  it('no body where fields are required: 400 "Empty request body"', async () => {
    const reply = await post('/v1/delete-meeting', '');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ success: false, error: ErrorText.emptyBody, code: 'BAD_REQUEST' });
  });

  it('a body over the limit: 413', async () => {
    const reply = await post('/v1/create-meeting', JSON.stringify({ title: 'x'.repeat(4096) }));
    expect(reply.status).toBe(413);
    expectSchema('api-error', reply.body);
    expect(reply.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('a body declared as something other than JSON: 415', async () => {
    const reply = await post('/v1/delete-meeting', 'meeting_id=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(reply.status).toBe(415);
    expect(reply.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('JSON that is not an object: 422', async () => {
    for (const body of ['[]', '"text"', '42', 'null']) {
      const reply = await post('/v1/delete-meeting', body);
      expect(reply.status, body).toBe(422);
      expectSchema('validation-error', reply.body);
    }
  });

  it('unknown fields: 422 naming the field', async () => {
    const reply = await post('/v1/delete-meeting', JSON.stringify({ meeting_id: 'm', extra: 1 }));
    expect(reply.status).toBe(422);
    expect(JSON.stringify(reply.body)).toContain('extra');
  });

  it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
    const given = await server.get('/health', { 'X-Request-Id': 'trace-123' });
    expect(given.headers.get('x-request-id')).toBe('trace-123');
    const made = await server.get('/health', { 'X-Request-Id': 'bad id with spaces' });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an unknown route is a 404 api-error', async () => {
    const reply = await server.post('/v1/no-such-route', {});
    expect(reply.status).toBe(404);
    expectSchema('api-error', reply.body);
  });
});
