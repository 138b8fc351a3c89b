import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../../test-support/test-server.js';

// Each write that changes what get-meeting-summary or get-meeting-transcripts return drops the
// meeting's cached entries at its call site (cached-data.cache.ts lists them). The reads fill the
// cache, the write goes through its route, and the entries must be gone: a write whose
// `invalidate` call is removed leaves them (delete-meeting's stale entry is invisible over HTTP,
// since access is checked first, yet would keep a wiped meeting's rows in memory).

let server: TestServer;
let host: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  host = await server.user('Host');
});
afterAll(() => server.close());

async function cachedMeeting(): Promise<{ meetingId: string; summaryId: string; utteranceId: string }> {
  const created = await server.call<{ meeting: { id: string } }>('create-meeting', host.key, {});
  const meetingId = created.body.meeting.id;
  const utterance = await server.store.transcription.insertUtterance({
    meeting_id: meetingId,
    message_id: 'msg_rec_1',
    start_seconds: 0,
    end_seconds: 2,
    transcript: 'We ship the beta on Monday.',
    confidence: 0.9,
    language: 'en',
    speaker_v2: '0',
    texts: {},
  });
  const summarized = await server.call<{ meeting_message: { id: string } }>('summarize-meeting', host.key, {
    meeting_id: meetingId,
  });
  expect(summarized.status).toBe(200);
  for (const route of ['get-meeting-summary', 'get-meeting-transcripts']) {
    expect((await server.call(route, host.key, { meeting_id: meetingId })).status).toBe(200);
  }
  const cache = server.services.meetingCache;
  expect(cache.summaries.get(meetingId)).toBeDefined();
  expect(cache.transcripts.get(meetingId)).toBeDefined();
  return { meetingId, summaryId: summarized.body.meeting_message.id, utteranceId: utterance.id };
}

const writes: [string, (m: Awaited<ReturnType<typeof cachedMeeting>>) => Record<string, unknown>][] = [
  ['delete-meeting', (m) => ({ meeting_id: m.meetingId })],
  ['delete-meeting-message', (m) => ({ meeting_id: m.meetingId, message_id: m.summaryId })],
  [
    'update-transcript-utterance',
    (m) => ({ meeting_id: m.meetingId, id: m.utteranceId, transcript: 'On Tuesday.' }),
  ],
  ['summarize-meeting', (m) => ({ meeting_id: m.meetingId })],
];

describe('a write drops the meeting from the summary and transcript cache', () => {
  it.each(writes)('%s', async (route, body) => {
    const meeting = await cachedMeeting();
    const reply = await server.call(route, host.key, body(meeting));
    expect(reply.status).toBe(200);
    expect(server.services.meetingCache.summaries.get(meeting.meetingId)).toBeUndefined();
    expect(server.services.meetingCache.transcripts.get(meeting.meetingId)).toBeUndefined();
  });
});
