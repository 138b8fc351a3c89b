import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestServer,
  TEST_ADMIN_TOKEN,
  type TestServer,
  type TestUser,
} from '../../test-support/test-server.js';
import { RETAIN_REQUEST_BODIES } from './faults.catalog.js';
import { retainedBytes } from './faults.leak.js';

// The soak's seeded leak: off by default, admin only, listed apart from the conformance faults; while
// on it keeps every request body and changes no answer.

let server: TestServer;
let user: TestUser;
const admin = { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const setFaults = (faults: string[], headers: Record<string, string> = admin) =>
  fetch(`${server.url}/_emulator/faults`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ faults }),
  });
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

beforeAll(async () => {
  server = await startTestServer();
  user = await server.user('Leaky');
});
afterAll(async () => {
  await setFaults([]);
  await server.close();
});

describe('retain-request-bodies', () => {
  it('is listed as a soak fault, not a conformance one, and only the admin turns it on', async () => {
    const list = await server.get<{ faults: { id: string }[]; soak_faults: { id: string }[] }>(
      '/_emulator/faults',
      admin,
    );
    expect(list.body.soak_faults.map((f) => f.id)).toEqual([RETAIN_REQUEST_BODIES]);
    expect(list.body.faults.map((f) => f.id)).not.toContain(RETAIN_REQUEST_BODIES);
    expect((await setFaults([RETAIN_REQUEST_BODIES], {})).status).toBe(401);
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
