import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestServer,
  TEST_ADMIN_TOKEN,
  type TestServer,
  type TestUser,
} from '../../test-support/test-server.js';
import { FAULTS, RETAIN_REQUEST_BODIES } from './faults.catalog.js';
import { retainedBytes } from './faults.leak.js';

// Fault injection is off by default, admin only, and changes answers only while a fault is on.

let server: TestServer;
let user: TestUser;
const admin = { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const setFaults = (faults: unknown) =>
  fetch(`${server.url}/_emulator/faults`, {
    method: 'PUT',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ faults }),
  });

beforeAll(async () => {
  server = await startTestServer();
  user = await server.user('Faulty');
});
afterEach(async () => {
  await setFaults([]);
});
afterAll(async () => {
  await server.close();
});

describe('/_emulator/faults', () => {
  it('lists at least 25 faults, none on, each naming the check it breaks', async () => {
    const reply = await server.get<{ active: string[]; faults: { id: string; check: string }[] }>(
      '/_emulator/faults',
      admin,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.active).toEqual([]);
    expect(reply.body.faults.length).toBeGreaterThanOrEqual(25);
    expect(new Set(FAULTS.map((f) => f.id)).size).toBe(FAULTS.length);
  });

  it('needs the admin token', async () => {
    expect((await server.get('/_emulator/faults')).status).toBe(401);
    const put = await fetch(`${server.url}/_emulator/faults`, {
      method: 'PUT',
      body: '{"faults":["has-more-lies"]}',
    });
    expect(put.status).toBe(401);
  });

  it('refuses unknown faults and changes nothing', async () => {
    expect((await setFaults(['no-such-fault'])).status).toBe(400);
    expect((await setFaults('has-more-lies')).status).toBe(422);
    const reply = await server.get<{ active: string[] }>('/_emulator/faults', admin);
    expect(reply.body.active).toEqual([]);
  });

  it('a fault changes the answer while on, and only then', async () => {
    const missing = { success: false, error: 'Missing authorization', code: 'UNAUTHORIZED' };
    expect((await server.post('/v1/get-meetings', {})).body).toEqual(missing);
    expect((await setFaults(['wrong-401-text'])).status).toBe(200);
    const faulty = await server.post('/v1/get-meetings', {});
    expect(faulty.status).toBe(401);
    expect(faulty.body).toEqual({ ...missing, error: 'Unauthorized' });
    expect(faulty.headers.get('content-length')).toBe(String(JSON.stringify(faulty.body).length));
    await setFaults([]);
    expect((await server.post('/v1/get-meetings', {})).body).toEqual(missing);
  });

  it('has-more-lies and newest-last rewrite a real page', async () => {
    for (let i = 0; i < 3; i++) await server.call('create-meeting', user.key, { title: `m${i}` });
    const honest = await server.call<{ meetings: { id: string }[]; has_more: boolean }>(
      'get-meetings',
      user.key,
      { limit: 2 },
    );
    await setFaults(['has-more-lies', 'meetings-newest-last']);
    const lying = await server.call<{ meetings: { id: string }[]; has_more: boolean }>(
      'get-meetings',
      user.key,
      { limit: 2 },
    );
    expect(lying.body.has_more).toBe(!honest.body.has_more);
    expect(lying.body.meetings.map((m) => m.id)).toEqual(honest.body.meetings.map((m) => m.id).reverse());
  });
});

// The soak's seeded leak: listed apart from the conformance faults; while on it keeps every request
// body and changes no answer.
// JSON allows whitespace after the document: a larger body with the same meaning, as the soak sends.
const body = `${JSON.stringify({ title: 'kept' })}${' '.repeat(10_000)}`;
const create = async () => {
  const reply = await fetch(`${server.url}/v1/create-meeting`, {
    method: 'POST',
    headers: { 'x-api-key': user.key, 'content-type': 'application/json' },
    body,
  });
  return { status: reply.status, body: (await reply.json()) as { meeting: { title: string } } };
};

describe('retain-request-bodies', () => {
  it('is listed as a soak fault, not a conformance one', async () => {
    const list = await server.get<{ faults: { id: string }[]; soak_faults: { id: string }[] }>(
      '/_emulator/faults',
      admin,
    );
    expect(list.body.soak_faults.map((f) => f.id)).toEqual([RETAIN_REQUEST_BODIES]);
    expect(list.body.faults.map((f) => f.id)).not.toContain(RETAIN_REQUEST_BODIES);
  });

  it('keeps nothing while off, every body while on, and answers alike', async () => {
    const before = retainedBytes();
    const off = await create();
    expect(off.status).toBe(200);
    expect(retainedBytes()).toBe(before);
    expect((await setFaults([RETAIN_REQUEST_BODIES])).status).toBe(200);
    const on = await create();
    expect(on.status).toBe(off.status);
    expect(on.body.meeting.title).toBe('kept');
    expect(retainedBytes() - before).toBe(Buffer.byteLength(body));
    await setFaults([]);
    const after = retainedBytes();
    await create();
    expect(retainedBytes()).toBe(after);
  });
});
