import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_BODIES } from './bench-data.js';
import { createFloorServer } from './floor.server.js';

// The floor is only a fair yardstick if it does the work it claims: check the key, parse, validate
// with the real request schemas, and answer with the given body.

const keys = { 'get-meetings': 'key-read', 'create-meeting': 'key-write' };
const answers = {
  'get-meetings': { success: true, meetings: [{ id: 'mtg_1' }], has_more: false },
  'create-meeting': { meeting: { id: 'mtg_2' } },
};

describe('floor server', () => {
  const server = createFloorServer({ keys, answers });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = async (route: string, key: string, body: string) => {
    const response = await fetch(`${base}/v1/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body,
    });
    return { status: response.status, body: (await response.json()) as { detail: Array<{ loc: unknown }> } };
  };

  it('answers each route with its fixed body', async () => {
    expect(await post('get-meetings', 'key-read', REQUEST_BODIES['get-meetings'])).toEqual({
      status: 200,
      body: answers['get-meetings'],
    });
    expect(await post('create-meeting', 'key-write', REQUEST_BODIES['create-meeting'])).toEqual({
      status: 200,
      body: answers['create-meeting'],
    });
  });

  it('validates the body with the request schema', async () => {
    const reply = await post('get-meetings', 'key-read', '{"limit": 51}');
    expect(reply.status).toBe(422);
    expect(reply.body.detail[0]?.loc).toEqual(['body', 'limit']);
    expect((await post('create-meeting', 'key-write', '{"title": 5}')).status).toBe(422);
  });

  it('refuses a wrong key and unparsable JSON', async () => {
    expect((await post('get-meetings', 'key-write', '{}')).status).toBe(401);
    expect((await post('create-meeting', 'key-write', '{"title":')).status).toBe(400);
  });
});
