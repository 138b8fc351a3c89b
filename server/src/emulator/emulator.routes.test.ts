import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectSchema,
  startTestServer,
  TEST_ADMIN_TOKEN,
  type TestServer,
} from '../../test-support/test-server.js';
import { Limits, MeetingStatus } from '../core/contracts.js';
import { readDefaultSeed } from './seed.service.js';

let server: TestServer;
const admin = { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('/_emulator', () => {
  it('needs the admin token', async () => {
    expect((await server.post('/_emulator/reset', {})).status).toBe(401);
    expect((await server.post('/_emulator/reset', {}, { Authorization: 'Bearer wrong-token' })).status).toBe(
      401,
    );
  });

  it('creates a user and issues keys that work, at most five per account', async () => {
    const created = await server.post<{ user: { id: string } }>(
      '/_emulator/users',
      { email: 'Eve@Example.com', name: 'Eve' },
      admin,
    );
    expect(created.status).toBe(200);
    const userId = created.body.user.id;
    const keys: string[] = [];
    for (let i = 0; i < Limits.apiKeysPerAccount; i++) {
      const issued = await server.post<{ api_key: string }>(
        '/_emulator/api-keys',
        { user_id: userId },
        admin,
      );
      expect(issued.status).toBe(200);
      keys.push(issued.body.api_key);
    }
    const sixth = await server.post('/_emulator/api-keys', { user_id: userId }, admin);
    expect(sixth.status).toBe(429);
    expectSchema('api-error', sixth.body);
    expect(sixth.body).toMatchObject({ code: 'LIMIT_EXCEEDED', error: expect.stringContaining('at most 5') });
    for (const key of keys) expect((await server.call('get-meetings', key)).status).toBe(200);

    const listed = await server.get<{ keys: { id: string }[] }>(
      `/_emulator/api-keys?user_id=${userId}`,
      admin,
    );
    expect(listed.body.keys).toHaveLength(Limits.apiKeysPerAccount);
    const revoked = await server.post('/_emulator/api-keys', { user_id: userId }, admin);
    expect(revoked.status).toBe(429);
    const first = listed.body.keys[0]?.id ?? '';
    const response = await fetch(`${server.url}/_emulator/api-keys/${first}`, {
      method: 'DELETE',
      headers: admin,
    });
    expect(response.status).toBe(200);
    expect((await server.post('/_emulator/api-keys', { user_id: userId }, admin)).status).toBe(200);
  });

  it('a duplicate e-mail is a 409', async () => {
    await server.post('/_emulator/users', { email: 'dup@example.com', name: 'A' }, admin);
    const again = await server.post('/_emulator/users', { email: 'DUP@example.com', name: 'B' }, admin);
    expect(again.status).toBe(409);
  });

  it('loads the fixtures seed; its users see their meetings and messages as the seed says', async () => {
    const seed = await readDefaultSeed();
    const loaded = await server.post<{ loaded: Record<string, number> }>('/_emulator/seed', undefined, admin);
    expect(loaded.status).toBe(200);
    expect(loaded.body.loaded.meetings).toBe(seed.meetings?.length);
    const key = seed.api_keys?.[0]?.key ?? '';
    const userId = seed.api_keys?.[0]?.user_id;
    const list = await server.call<{ meetings: { id: string; updated_at: string }[] }>('get-meetings', key);
    expect(list.status).toBe(200);
    expectSchema('get-meetings.response', list.body);
    const expected = (seed.meetings ?? [])
      .filter((m) => m.host_user_id === userId || m.participant_ids.includes(userId ?? ''))
      .sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at))
      .map((m) => m.id);
    expect(list.body.meetings.map((m) => m.id)).toEqual(expected);
    const again = await server.post('/_emulator/seed', undefined, admin);
    expect(again.status).toBe(409);
  });

  it('ends a live meeting: EMS_ENDED with end_at; a second end is 409', async () => {
    const alice = await server.user('Alice');
    const created = await server.call<{ meeting: { id: string } }>('create-meeting', alice.key, {});
    const id = created.body.meeting.id;
    const ended = await server.post<{ meeting: { status: string; end_at?: string } }>(
      `/_emulator/meetings/${id}/end`,
      undefined,
      admin,
    );
    expect(ended.status).toBe(200);
    expect(ended.body.meeting.status).toBe(MeetingStatus.ENDED);
    expect(ended.body.meeting.end_at).toBeDefined();
    const list = await server.call<{ meetings: { id: string; status: string }[] }>('get-meetings', alice.key);
    expectSchema('get-meetings.response', list.body);
    expect(list.body.meetings.find((m) => m.id === id)?.status).toBe(MeetingStatus.ENDED);
    expect((await server.post(`/_emulator/meetings/${id}/end`, undefined, admin)).status).toBe(409);
  });

  it('lists the mail outbox', async () => {
    await server.store.mail.insert({
      to_address: 'someone@example.com',
      subject: 'Summary',
      body_text: 'text',
      body_html: null,
      kind: 'summary',
      meeting_id: null,
      user_id: null,
    });
    const mail = await server.get<{ mail: { to: string; subject: string }[] }>(
      '/_emulator/mail?to=someone@example.com',
      admin,
    );
    expect(mail.body.mail).toEqual([
      expect.objectContaining({ to: 'someone@example.com', subject: 'Summary' }),
    ]);
  });

  it('reset wipes everything: keys stop working', async () => {
    const bob = await server.user('Bob');
    expect((await server.call('get-meetings', bob.key)).status).toBe(200);
    expect((await server.post('/_emulator/reset', undefined, admin)).status).toBe(200);
    expect((await server.call('get-meetings', bob.key)).status).toBe(401);
  });
});
