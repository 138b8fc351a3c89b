import type { MeetingMessage } from '@parley/schemas/types';
import { MessageType } from '../src/core/contracts.js';
import { PRODUCT_MEETING } from '../src/engines/llm/test-meeting.js';
import type { AiDocumentView } from '../src/services/ai/ai-document.view.js';
import { expectSchema, type TestServer, type TestUser } from './test-server.js';

// Test support (not a test) for the meeting-AI route tests: a meeting holding the test meeting's
// transcript, and the three calls with their answers checked against the response schemas.

export interface SummarizeReply {
  success: boolean;
  meeting_message: MeetingMessage;
}
export interface AskReply {
  success: boolean;
  workflow_plan_id: string;
  next_actions: { type: string; label: string; priority: number }[];
  document: AiDocumentView;
}
/** A meeting of `owner` holding the test meeting's transcript and one chat message. */
export async function productMeeting(on: TestServer, owner: TestUser, participants: string[] = []) {
  const created = await on.call<{ meeting: { id: string } }>('create-meeting', owner.key, {
    title: PRODUCT_MEETING.title,
    participant_ids: participants,
  });
  const id = created.body.meeting.id;
  for (const [i, u] of PRODUCT_MEETING.utterances.entries()) {
    await on.store.transcription.insertUtterance({
      meeting_id: id,
      message_id: 'msg_rec_1',
      start_seconds: u.start_seconds ?? i,
      end_seconds: (u.start_seconds ?? i) + 4,
      transcript: u.text,
      confidence: 0.9,
      language: 'en',
      speaker_v2: String(i % 3),
      texts: {},
    });
  }
  await on.call('send-meeting-message', owner.key, {
    meeting_message: { meeting_id: id, text: 'Slides are in the shared folder.' },
  });
  return id;
}

export async function summarize(on: TestServer, key: string, body: Record<string, unknown>) {
  const reply = await on.call<SummarizeReply>('summarize-meeting', key, body);
  if (reply.status === 200) expectSchema('summarize-meeting.response', reply.body);
  return reply;
}
export async function ask(on: TestServer, key: string, body: Record<string, unknown>) {
  const reply = await on.call<AskReply>('ask-ai-for-meeting', key, body);
  if (reply.status === 200) expectSchema('ask-ai-for-meeting.response', reply.body);
  return reply;
}
export async function summaries(on: TestServer, key: string, meetingId: string) {
  const reply = await on.call<{ messages: MeetingMessage[] }>('get-meeting-messages', key, {
    meeting_id: meetingId,
  });
  expectSchema('get-meeting-messages.response', reply.body);
  return reply.body.messages.filter((m) => m.type === MessageType.SUMMARY);
}
