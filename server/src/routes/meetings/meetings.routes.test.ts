import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectSchema,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../test-support/test-server.js';
import { Limits, MeetingStatus } from '../../core/contracts.js';

interface MeetingBody {
  id: string;
  status: string;
  participant_ids: string[];
  updated_at: string;
  user_profiles?: { id: string; email: string; name: string }[];
}

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.user('Alice');
  bob = await server.user('Bob');
});
afterAll(() => server.close());

async function create(user: TestUser, body: object = {}): Promise<MeetingBody> {
  const reply = await server.call<{ meeting: MeetingBody }>('create-meeting', user.key, body);
  expect(reply.status).toBe(200);
  expectSchema('create-meeting.response', reply.body);
  return reply.body.meeting;
}

describe('create-meeting', () => {
  it('creates a live meeting hosted by the caller, host first among participants', async () => {
    const reply = await server.call<{ meeting: Record<string, unknown> }>('create-meeting', alice.key, {
      title: 'Planning',
      participant_ids: [bob.userId, 'em:Dana@Example.org', bob.userId],
    });
    expect(reply.status).toBe(200);
    expectSchema('create-meeting.response', reply.body);
    const { meeting } = reply.body;
    expect(meeting).toMatchObject({
      host_user_id: alice.userId,
      title: 'Planning',
      status: MeetingStatus.LIVE,
      participant_ids: [alice.userId, bob.userId, 'em:dana@example.org'],
      allow_users_to_add_translation_languages: true,
    });
    expect(Date.parse(meeting.invitation_link_expires_at as string)).toBeGreaterThan(
      Date.parse(meeting.created_at as string),
    );
  });

  it('accepts an empty body (everything is optional)', async () => {
    const reply = await server.post<{ meeting: MeetingBody }>('/v1/create-meeting', '', {
      'X-API-Key': alice.key,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.meeting.participant_ids).toEqual([alice.userId]);
  });

  it('refuses a bare participant id that names no user', async () => {
    const reply = await server.call('create-meeting', alice.key, { participant_ids: ['usr_nobody'] });
    expect(reply.status).toBe(400);
    expectSchema('api-error', reply.body);
    expect(reply.body).toMatchObject({ code: 'BAD_REQUEST', error: expect.stringContaining('usr_nobody') });
  });

  it('answers 422 with the validation-error body for a wrong type', async () => {
    const reply = await server.call('create-meeting', alice.key, { title: 42 });
    expect(reply.status).toBe(422);
    expectSchema('validation-error', reply.body);
    expect(reply.body).toMatchObject({ detail: [{ loc: ['body', 'title'] }] });
  });
});

describe('get-meetings', () => {
  it('lists the caller’s meetings newest first, with profiles, and meetings they were invited to', async () => {
    const carol = await server.user('Carol');
    const first = await create(carol, { title: 'one' });
    const second = await create(carol, { title: 'two' });
    const invited = await create(alice, { title: 'invite', participant_ids: [carol.userId] });
    const reply = await server.call<{ meetings: MeetingBody[]; has_more: boolean }>(
      'get-meetings',
      carol.key,
    );
    expect(reply.status).toBe(200);
    expectSchema('get-meetings.response', reply.body);
    expect(reply.body.meetings.map((m) => m.id)).toEqual([invited.id, second.id, first.id]);
    expect(reply.body.has_more).toBe(false);
    expect(reply.body.meetings[0]?.user_profiles?.map((p) => p.id)).toEqual([alice.userId, carol.userId]);
  });

  it('gives each participant’s profile: registered by id or by address, else from the address', async () => {
    const erin = await server.user('Erin');
    const frank = await server.user('Frank');
    const meeting = await create(erin, {
      participant_ids: [frank.userId, `em:${bob.email.toUpperCase()}`, 'em:Dana.Lee@Example.org'],
    });
    const reply = await server.call<{ meetings: MeetingBody[] }>('get-meetings', erin.key);
    expect(reply.body.meetings.find((m) => m.id === meeting.id)?.user_profiles).toEqual([
      { id: erin.userId, email: erin.email, name: 'Erin' },
      { id: frank.userId, email: frank.email, name: 'Frank' },
      { id: `em:${bob.email}`, email: bob.email, name: 'Bob' },
      { id: 'em:dana.lee@example.org', email: 'dana.lee@example.org', name: 'dana.lee' },
    ]);
  });

  it('pages with last_updated_at (strictly before) and has_more', async () => {
    const dave = await server.user('Dave');
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await create(dave, { title: `m${i}` })).id);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const reply = await server.call<{ meetings: MeetingBody[]; has_more: boolean }>(
        'get-meetings',
        dave.key,
        {
          limit: 2,
          ...(cursor ? { last_updated_at: cursor } : {}),
        },
      );
      expectSchema('get-meetings.response', reply.body);
      seen.push(...reply.body.meetings.map((m) => m.id));
      if (!reply.body.has_more) break;
      cursor = reply.body.meetings.at(-1)?.updated_at;
    }
    expect(seen).toEqual([...made].reverse());
  });

  it('refuses a limit above the maximum', async () => {
    const reply = await server.call('get-meetings', alice.key, { limit: Limits.meetings.max + 1 });
    expect(reply.status).toBe(422);
    expectSchema('validation-error', reply.body);
  });

  it('accepts an omitted body', async () => {
    const reply = await server.post('/v1/get-meetings', undefined, { 'X-API-Key': alice.key });
    expect(reply.status).toBe(200);
    expectSchema('get-meetings.response', reply.body);
  });
});

describe('delete-meeting', () => {
  it('deletes the host’s meeting; it is gone from listings and a second delete is 404', async () => {
    const meeting = await create(alice, { title: 'doomed' });
    const reply = await server.call('delete-meeting', alice.key, { meeting_id: meeting.id });
    expect(reply.status).toBe(200);
    expectSchema('delete-meeting.response', reply.body);
    const list = await server.call<{ meetings: MeetingBody[] }>('get-meetings', alice.key);
    expect(list.body.meetings.map((m) => m.id)).not.toContain(meeting.id);
    const again = await server.call('delete-meeting', alice.key, { meeting_id: meeting.id });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('is 403 for a participant who is not the host', async () => {
    const meeting = await create(alice, { participant_ids: [bob.userId] });
    const reply = await server.call('delete-meeting', bob.key, { meeting_id: meeting.id });
    expect(reply.status).toBe(403);
    expectSchema('api-error', reply.body);
    expect(reply.body).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('isolation', () => {
  it('another user’s meeting is a 404 for every route, never a leak', async () => {
    const meeting = await create(alice, { title: 'private' });
    for (const [route, body] of [
      ['delete-meeting', { meeting_id: meeting.id }],
      ['get-meeting-messages', { meeting_id: meeting.id }],
      ['send-meeting-message', { meeting_message: { meeting_id: meeting.id, text: 'hi' } }],
      ['add-meeting-participants', { meeting_id: meeting.id, participant_ids: [bob.userId] }],
    ] as const) {
      const reply = await server.call(route, bob.key, body);
      expect(reply.status, route).toBe(404);
      expect(reply.body).toEqual({ success: false, error: 'Meeting not found', code: 'NOT_FOUND' });
    }
    const list = await server.call<{ meetings: MeetingBody[] }>('get-meetings', bob.key);
    expect(list.body.meetings.map((m) => m.id)).not.toContain(meeting.id);
    const still = await server.call<{ meetings: MeetingBody[] }>('get-meetings', alice.key);
    expect(still.body.meetings.map((m) => m.id)).toContain(meeting.id);
  });
});
