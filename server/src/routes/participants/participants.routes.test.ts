import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectSchema,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../test-support/test-server.js';

interface MeetingBody {
  id: string;
  participant_ids: string[];
  co_host_ids: string[];
  updated_at: string;
  user_profiles: { id: string }[];
}
type Reply = { meeting: MeetingBody };

let server: TestServer;
let host: TestUser;
let cohost: TestUser;
let guest: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [host, cohost, guest, outsider] = (await Promise.all(
    ['Host', 'Cohost', 'Guest', 'Outsider'].map((n) => server.user(n)),
  )) as [TestUser, TestUser, TestUser, TestUser];
});
afterAll(() => server.close());

async function meetingWithCoHost(): Promise<MeetingBody> {
  const created = await server.call<Reply>('create-meeting', host.key, {
    participant_ids: [cohost.userId, guest.userId],
  });
  const assigned = await server.call<Reply>('assign-co-host', host.key, {
    meeting_id: created.body.meeting.id,
    user_ids: [cohost.userId],
  });
  expect(assigned.status).toBe(200);
  expectSchema('assign-co-host.response', assigned.body);
  expect(assigned.body.meeting.co_host_ids).toEqual([cohost.userId]);
  return assigned.body.meeting;
}

describe('participants', () => {
  it('the host adds participants; duplicates are kept once; updated_at moves forward', async () => {
    const meeting = await meetingWithCoHost();
    const reply = await server.call<Reply>('add-meeting-participants', host.key, {
      meeting_id: meeting.id,
      participant_ids: ['em:new@example.com', guest.userId, 'em:NEW@example.com'],
    });
    expect(reply.status).toBe(200);
    expectSchema('add-meeting-participants.response', reply.body);
    expect(reply.body.meeting.participant_ids).toEqual([
      host.userId,
      cohost.userId,
      guest.userId,
      'em:new@example.com',
    ]);
    expect(reply.body.meeting.user_profiles).toHaveLength(4);
    expect(reply.body.meeting.updated_at > meeting.updated_at).toBe(true);
  });

  it('a co-host may add and remove participants; removing a co-host also drops the co-host role', async () => {
    const meeting = await meetingWithCoHost();
    const added = await server.call<Reply>('add-meeting-participants', cohost.key, {
      meeting_id: meeting.id,
      participant_ids: [outsider.userId],
    });
    expect(added.status).toBe(200);
    const removed = await server.call<Reply>('remove-meeting-participants', host.key, {
      meeting_id: meeting.id,
      participant_ids: [cohost.userId],
    });
    expect(removed.status).toBe(200);
    expectSchema('remove-meeting-participants.response', removed.body);
    expect(removed.body.meeting.participant_ids).toEqual([host.userId, guest.userId, outsider.userId]);
    expect(removed.body.meeting.co_host_ids).toEqual([]);
  });

  it('a plain participant may not change participants (403)', async () => {
    const meeting = await meetingWithCoHost();
    const reply = await server.call('add-meeting-participants', guest.key, {
      meeting_id: meeting.id,
      participant_ids: [outsider.userId],
    });
    expect(reply.status).toBe(403);
    expectSchema('api-error', reply.body);
    expect(reply.body).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('the host cannot be removed', async () => {
    const meeting = await meetingWithCoHost();
    const reply = await server.call('remove-meeting-participants', cohost.key, {
      meeting_id: meeting.id,
      participant_ids: [host.userId],
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('an empty participant list is a 422', async () => {
    const meeting = await meetingWithCoHost();
    const reply = await server.call('add-meeting-participants', host.key, {
      meeting_id: meeting.id,
      participant_ids: [],
    });
    expect(reply.status).toBe(422);
    expectSchema('validation-error', reply.body);
  });
});

describe('co-hosts', () => {
  it('only the host assigns or removes co-hosts; a co-host gets 403', async () => {
    const meeting = await meetingWithCoHost();
    for (const route of ['assign-co-host', 'remove-co-host']) {
      const reply = await server.call(route, cohost.key, {
        meeting_id: meeting.id,
        user_ids: [guest.userId],
      });
      expect(reply.status, route).toBe(403);
      expect(reply.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
  });

  it('a co-host must be a participant', async () => {
    const meeting = await meetingWithCoHost();
    const reply = await server.call('assign-co-host', host.key, {
      meeting_id: meeting.id,
      user_ids: [outsider.userId],
    });
    expect(reply.status).toBe(400);
  });

  it('remove-co-host removes the role and keeps the participant', async () => {
    const meeting = await meetingWithCoHost();
    const reply = await server.call<Reply>('remove-co-host', host.key, {
      meeting_id: meeting.id,
      user_ids: [cohost.userId],
    });
    expect(reply.status).toBe(200);
    expectSchema('remove-co-host.response', reply.body);
    expect(reply.body.meeting.co_host_ids).toEqual([]);
    expect(reply.body.meeting.participant_ids).toContain(cohost.userId);
  });

  it('a participant invited by e-mail sees the meeting once they register with that address', async () => {
    const meeting = await server.call<Reply>('create-meeting', host.key, {
      participant_ids: ['em:late.joiner@example.com'],
    });
    const { user } = await server.services.accounts.createUser({
      email: 'Late.Joiner@example.com',
      name: 'Late',
    });
    const { secret } = await server.services.accounts.issueKey(user.id, 'k');
    const list = await server.call<{ meetings: MeetingBody[] }>('get-meetings', secret);
    expect(list.body.meetings.map((m) => m.id)).toEqual([meeting.body.meeting.id]);
    expect(list.body.meetings[0]?.user_profiles[1]).toMatchObject({
      id: 'em:late.joiner@example.com',
      name: 'Late',
    });
  });
});
