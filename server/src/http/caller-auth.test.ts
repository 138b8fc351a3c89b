import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectSchema,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../test-support/test-server.js';
import { allRoutes, ErrorText, type RouteSpec } from '../core/contracts.js';
import { callerResolvers } from './caller-auth.js';
import { sendError } from './error-response.js';
import { sendJson } from './json-response.js';

let server: TestServer;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.user('Alice');
});
afterAll(() => server.close());

describe('API key on meeting REST routes', () => {
  it('missing key: 401 "Missing authorization"', async () => {
    const reply = await server.post('/v1/get-meetings', {});
    expect(reply.status).toBe(401);
    expectSchema('api-error', reply.body);
    expect(reply.body).toEqual({ success: false, error: ErrorText.missingAuth, code: 'UNAUTHORIZED' });
  });

  it('unknown key: 401 "Invalid API key", also for a bearer token', async () => {
    for (const headers of [{ 'X-API-Key': 'prl_wrong' }, { Authorization: 'Bearer prl_wrong' }] as Record<
      string,
      string
    >[]) {
      const reply = await server.post('/v1/get-meetings', {}, headers);
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ success: false, error: ErrorText.invalidKey, code: 'UNAUTHORIZED' });
    }
  });

  it('accepts the key as X-API-Key and as Authorization: Bearer', async () => {
    for (const headers of [{ 'X-API-Key': alice.key }, { Authorization: `Bearer ${alice.key}` }] as Record<
      string,
      string
    >[]) {
      const reply = await server.post('/v1/get-meetings', {}, headers);
      expect(reply.status).toBe(200);
    }
  });

  it('a revoked key stops working at once', async () => {
    const { key, secret } = await server.services.accounts.issueKey(alice.userId, 'short-lived');
    expect((await server.post('/v1/get-meetings', {}, { 'X-API-Key': secret })).status).toBe(200);
    await server.services.accounts.revokeKey(key.id);
    expect((await server.post('/v1/get-meetings', {}, { 'X-API-Key': secret })).status).toBe(401);
  });

  it('checks auth before the body: a bad body without a key is still 401', async () => {
    const reply = await server.post('/v1/delete-meeting', '{not json');
    expect(reply.status).toBe(401);
  });

  it('a key in the query string does not authenticate meeting REST routes', async () => {
    const reply = await server.post(`/v1/get-meetings?api_key=${alice.key}`, {});
    expect(reply.status).toBe(401);
  });
});

describe('query-key auth (stt/tts)', () => {
  let url: string;
  let close: () => void;
  beforeAll(async () => {
    const authenticate = (key: string) => server.services.accounts.authenticate(key);
    const resolve = callerResolvers({ authenticate, bearer: undefined, session: undefined })['query-key'];
    const probe = createServer((req, res) => {
      resolve?.(req, allRoutes[0] as RouteSpec).then(
        (caller) => sendJson(res, 200, { user: caller?.userId }),
        (error: unknown) => sendError(res, error),
      );
    });
    await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    close = () => probe.close();
  });
  afterAll(() => close());

  it('takes api_key from the query', async () => {
    const response = await fetch(`${url}/probe?api_key=${encodeURIComponent(alice.key)}`, { method: 'POST' });
    expect(await response.json()).toEqual({ user: alice.userId });
  });

  it('missing and invalid query keys get the spec texts', async () => {
    const missing = await fetch(`${url}/probe`, { method: 'POST' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ error: ErrorText.missingAuth });
    const invalid = await fetch(`${url}/probe?api_key=nope`, { method: 'POST' });
    expect(invalid.status).toBe(401);
    expect(await invalid.json()).toMatchObject({ error: ErrorText.invalidKey });
  });
});
