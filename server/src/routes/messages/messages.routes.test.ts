import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectSchema,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../test-support/test-server.js';
import { MessageType } from '../../core/contracts.js';

interface MessageBody {
  id: string;
  text: string;
  type: string;
  sender_id: string;
  updated_at: string;
}

let server: TestServer;
let host: TestUser;
let member: TestUser;
let meetingId: string;

beforeAll(async () => {
  server = await startTestServer();
  host = await server.user('Host');
  member = await server.user('Member');
  const created = await server.call<{ meeting: { id: string } }>('create-meeting', host.key, {
    participant_ids: [member.userId],
  });
  meetingId = created.body.meeting.id;
});
afterAll(() => server.close());

const send = (user: TestUser, text: string) =>
  server.call<{ meeting_message: MessageBody }>('send-meeting-message', user.key, {
    meeting_message: { meeting_id: meetingId, text, client_ref: 'ignored' },
  });

describe('messages', () => {
  it('a member sends a user message', async () => {
    const reply = await send(member, 'hello');
    expect(reply.status).toBe(200);
    expectSchema('send-meeting-message.response', reply.body);
    expect(reply.body.meeting_message).toMatchObject({
      text: 'hello',
      type: MessageType.USER,
      sender_id: member.userId,
    });
  });

  it('lists newest first and pages with last_updated_at', async () => {
    const texts = ['a', 'b', 'c', 'd', 'e'];
    for (const text of texts) await send(host, text);
    const first = await server.call<{ messages: MessageBody[]; has_more: boolean }>(
      'get-meeting-messages',
      host.key,
      {
        meeting_id: meetingId,
        limit: 3,
      },
    );
    expect(first.status).toBe(200);
    expectSchema('get-meeting-messages.response', first.body);
    expect(first.body.messages.map((m) => m.text)).toEqual(['e', 'd', 'c']);
    expect(first.body.has_more).toBe(true);
    const second = await server.call<{ messages: MessageBody[]; has_more: boolean }>(
      'get-meeting-messages',
      host.key,
      {
        meeting_id: meetingId,
        limit: 3,
        last_updated_at: first.body.messages.at(-1)?.updated_at,
      },
    );
    expect(second.body.messages.map((m) => m.text)).toEqual(['b', 'a', 'hello']);
    expect(second.body.has_more).toBe(false);
  });

  it('the sender deletes their message; another participant may not (403); unknown id is 404', async () => {
    const mine = (await send(member, 'mine')).body.meeting_message;
    const hosts = (await send(host, 'host says')).body.meeting_message;
    const forbidden = await server.call('delete-meeting-message', member.key, {
      meeting_id: meetingId,
      message_id: hosts.id,
    });
    expect(forbidden.status).toBe(403);
    const ok = await server.call('delete-meeting-message', member.key, {
      meeting_id: meetingId,
      message_id: mine.id,
    });
    expect(ok.status).toBe(200);
    expectSchema('delete-meeting-message.response', ok.body);
    const gone = await server.call('delete-meeting-message', member.key, {
      meeting_id: meetingId,
      message_id: mine.id,
    });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ success: false, error: 'Message not found', code: 'NOT_FOUND' });
  });

  it('the host may delete anyone’s message', async () => {
    const theirs = (await send(member, 'moderate me')).body.meeting_message;
    const reply = await server.call('delete-meeting-message', host.key, {
      meeting_id: meetingId,
      message_id: theirs.id,
    });
    expect(reply.status).toBe(200);
  });

  it('a message id of another meeting is a 404 even for its sender', async () => {
    const other = await server.call<{ meeting: { id: string } }>('create-meeting', member.key, {});
    const msg = (await send(member, 'here')).body.meeting_message;
    const reply = await server.call('delete-meeting-message', member.key, {
      meeting_id: other.body.meeting.id,
      message_id: msg.id,
    });
    expect(reply.status).toBe(404);
  });

  it('send without meeting_message is a 422 naming the field', async () => {
    const reply = await server.call('send-meeting-message', host.key, { text: 'x' });
    expect(reply.status).toBe(422);
    expectSchema('validation-error', reply.body);
  });
});
