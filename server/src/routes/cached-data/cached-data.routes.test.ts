import type { CachedSummary, TranscriptRecord } from '@parley/schemas/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectSchema,
  startTestServer,
  TEST_ADMIN_TOKEN,
  type TestServer,
  type TestUser,
} from '../../../test-support/test-server.js';
import { MessageType } from '../../core/contracts.js';
import { EXTRACTIVE_MODEL } from '../../engines/llm/extractive/extractive-summary.js';
import type { NewUtterance } from '../../store/transcription.store.js';

// get-meeting-summary and get-meeting-transcripts over HTTP. The cache is made visible by writing
// straight to the store (which bypasses invalidation): a cached read keeps showing the old rows,
// while every write through a route invalidates, and force_refresh always reads the database.

interface SummaryReply {
  success: boolean;
  summary: CachedSummary;
}
interface TranscriptsReply {
  success: boolean;
  transcripts: TranscriptRecord[];
}
interface Message {
  id: string;
  type: string;
}

let server: TestServer;
let host: TestUser;
let member: TestUser;
let outsider: TestUser;
let meetingId: string;

const utterance = (meeting: string, transcript: string, start: number): NewUtterance => ({
  meeting_id: meeting,
  message_id: 'msg_rec_1',
  start_seconds: start,
  end_seconds: start + 2,
  transcript,
  confidence: 0.9,
  language: 'en',
  speaker_v2: '0',
  texts: {},
});

async function summary(key: string, body: Record<string, unknown>) {
  const reply = await server.call<SummaryReply>('get-meeting-summary', key, body);
  if (reply.status === 200) expectSchema('get-meeting-summary.response', reply.body);
  return reply;
}
async function transcripts(key: string, body: Record<string, unknown>) {
  const reply = await server.call<TranscriptsReply>('get-meeting-transcripts', key, body);
  if (reply.status === 200) expectSchema('get-meeting-transcripts.response', reply.body);
  return reply;
}
const texts = (reply: { body: TranscriptsReply }) =>
  reply.body.transcripts.flatMap((record) => record.utterances.map((u) => u.text));
async function summarize(key: string, userPrompt: string) {
  const reply = await server.call<{ meeting_message: Message }>('summarize-meeting', key, {
    meeting_id: meetingId,
    user_prompt: userPrompt,
  });
  expect(reply.status).toBe(200);
  expectSchema('summarize-meeting.response', reply.body);
  return reply.body.meeting_message;
}

beforeAll(async () => {
  server = await startTestServer();
  host = await server.user('Host');
  member = await server.user('Member');
  outsider = await server.user('Outsider');
  const created = await server.call<{ meeting: { id: string } }>('create-meeting', host.key, {
    title: 'Cache review',
    participant_ids: [member.userId],
  });
  meetingId = created.body.meeting.id;
  await server.store.transcription.insertUtterance(utterance(meetingId, 'We ship the beta on Monday.', 0));
  await server.store.transcription.insertUtterance(utterance(meetingId, 'Dana owns the release notes.', 3));
});
afterAll(() => server.close());

describe('get-meeting-transcripts', () => {
  it('fills the cache on the first read; force_refresh reads the database and refreshes the entry', async () => {
    const first = await transcripts(member.key, { meeting_id: meetingId });
    expect(first.status).toBe(200);
    expect(first.body.transcripts).toEqual([
      {
        id: 'trn_msg_rec_1',
        meeting_id: meetingId,
        message_id: 'msg_rec_1',
        utterances: [
          { speaker: '0', text: 'We ship the beta on Monday.', start_seconds: 0, end_seconds: 2 },
          { speaker: '0', text: 'Dana owns the release notes.', start_seconds: 3, end_seconds: 5 },
        ],
      },
    ]);
    // Written behind the cache's back: the cached entry (shared by all members) still answers.
    await server.store.transcription.insertUtterance(utterance(meetingId, 'Budget is approved.', 6));
    const cached = await transcripts(host.key, { meeting_id: meetingId, force_refresh: null });
    expect(texts(cached)).toEqual(texts(first));

    const fresh = await transcripts(host.key, { meeting_id: meetingId, force_refresh: true });
    expect(texts(fresh)).toEqual([...texts(first), 'Budget is approved.']);
    const after = await transcripts(member.key, { meeting_id: meetingId, force_refresh: false });
    expect(after.body).toEqual(fresh.body);
  });

  it('an utterance corrected through update-transcript-utterance shows on the next read', async () => {
    await transcripts(host.key, { meeting_id: meetingId });
    const [row] = await server.store.transcription.utterancesInOrder(meetingId, 10);
    const updated = await server.call('update-transcript-utterance', host.key, {
      meeting_id: meetingId,
      id: row?.id,
      transcript: 'We ship the beta on Tuesday.',
    });
    expect(updated.status).toBe(200);
    const next = await transcripts(member.key, { meeting_id: meetingId });
    expect(texts(next)[0]).toBe('We ship the beta on Tuesday.');
  });

  it('a read that raced a write does not put the old rows back into the cache', async () => {
    await transcripts(host.key, { meeting_id: meetingId, force_refresh: true });
    const repo = server.store.transcription;
    const original = repo.utterancesInOrder;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => {};
    const readStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    let reads = 0;
    // The racing read has its rows from the database, then waits while the write commits.
    repo.utterancesInOrder = async (...args) => {
      const rows = await original.apply(repo, args);
      if (reads++ === 0) {
        started();
        await gate;
      }
      return rows;
    };
    try {
      const racing = transcripts(member.key, { meeting_id: meetingId, force_refresh: true });
      await readStarted;
      const [row] = await original.call(repo, meetingId, 10);
      const write = await server.call('update-transcript-utterance', host.key, {
        meeting_id: meetingId,
        id: row?.id,
        transcript: 'We ship the beta on Wednesday.',
      });
      expect(write.status).toBe(200);
      release();
      expect(texts(await racing)[0]).toBe('We ship the beta on Tuesday.');
    } finally {
      release();
      repo.utterancesInOrder = original;
    }
    const next = await transcripts(member.key, { meeting_id: meetingId });
    expect(texts(next)[0]).toBe('We ship the beta on Wednesday.');
  });

  it('is an empty list for a meeting without transcripts', async () => {
    const empty = await server.call<{ meeting: { id: string } }>('create-meeting', host.key, {});
    const reply = await transcripts(host.key, { meeting_id: empty.body.meeting.id });
    expect(reply.status).toBe(200);
    expect(reply.body.transcripts).toEqual([]);
  });
});

describe('get-meeting-summary', () => {
  it('is a 404 until the first summary, which then shows at once (absence is not cached)', async () => {
    const none = await summary(member.key, { meeting_id: meetingId });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const made = await summarize(host.key, 'release');
    const first = await summary(member.key, { meeting_id: meetingId });
    expect(first.status).toBe(200);
    expect(first.body.summary).toMatchObject({
      id: made.id,
      meeting_id: meetingId,
      type: MessageType.SUMMARY,
      summary: { ai_model: EXTRACTIVE_MODEL },
    });
    expect(first.body.summary.summary.markdown_body).toContain('**Focus:** release');
  });

  it('a new summary replaces the cached one; deleting it brings the previous one back', async () => {
    const before = await summary(member.key, { meeting_id: meetingId });
    const newer = await summarize(member.key, 'budget');
    const after = await summary(host.key, { meeting_id: meetingId });
    expect(after.body.summary.id).toBe(newer.id);
    expect(after.body.summary.summary.markdown_body).toContain('**Focus:** budget');

    const deleted = await server.call('delete-meeting-message', member.key, {
      meeting_id: meetingId,
      message_id: newer.id,
    });
    expect(deleted.status).toBe(200);
    const back = await summary(host.key, { meeting_id: meetingId });
    expect(back.body).toEqual(before.body);
  });

  it('force_refresh reads the database', async () => {
    const cached = await summary(host.key, { meeting_id: meetingId });
    const row = await server.store.messages.insert({
      meetingId,
      senderId: host.userId,
      type: MessageType.SUMMARY,
      text: '',
      summary: { ai_model: 'stored-directly', markdown_body: '# Direct' },
      summaryStatus: 'ESS_SUCCESS',
    });
    expect((await summary(host.key, { meeting_id: meetingId })).body).toEqual(cached.body);
    const fresh = await summary(host.key, { meeting_id: meetingId, force_refresh: true });
    expect(fresh.body.summary).toEqual({
      id: row.id,
      meeting_id: meetingId,
      type: MessageType.SUMMARY,
      summary: { ai_model: 'stored-directly', markdown_body: '# Direct' },
    });
  });
});

describe('cached data access and bodies', () => {
  it("another account's meeting and an unknown meeting are 404, even when cached", async () => {
    await summary(host.key, { meeting_id: meetingId });
    await transcripts(host.key, { meeting_id: meetingId });
    for (const route of ['get-meeting-summary', 'get-meeting-transcripts']) {
      for (const id of [meetingId, 'mtg_unknown']) {
        const reply = await server.call(route, outsider.key, { meeting_id: id });
        expect(reply.status).toBe(404);
        expect(reply.body).toEqual({ success: false, error: 'Meeting not found', code: 'NOT_FOUND' });
      }
    }
  });

  it('a participant removed from the meeting gets 404 at once', async () => {
    const guest = await server.user('Guest');
    const created = await server.call<{ meeting: { id: string } }>('create-meeting', host.key, {
      participant_ids: [guest.userId],
    });
    const id = created.body.meeting.id;
    expect((await transcripts(guest.key, { meeting_id: id })).status).toBe(200);
    const removed = await server.call('remove-meeting-participants', host.key, {
      meeting_id: id,
      participant_ids: [guest.userId],
    });
    expect(removed.status).toBe(200);
    expect((await transcripts(guest.key, { meeting_id: id })).status).toBe(404);
  });

  it('bad bodies are 422', async () => {
    for (const body of [{}, { meeting_id: '' }, { meeting_id: meetingId, force_refresh: 'yes' }]) {
      for (const route of ['get-meeting-summary', 'get-meeting-transcripts']) {
        const reply = await server.call(route, host.key, body);
        expect(reply.status).toBe(422);
        expectSchema('validation-error', reply.body);
      }
    }
  });
});

describe('emulator reset', () => {
  const admin = { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
  const SEEDED_MEETING = 'mtg_0a1b2c01';
  /** The summary message fixtures/json/seed.json holds for that meeting. */
  const SEEDED_SUMMARY = 'msg_0a1b0003';
  const seed = async (server: TestServer) => {
    expect((await server.post('/_emulator/seed', undefined, admin)).status).toBe(200);
  };

  it('clears the cache: a re-seeded meeting with the same id shows the seed, not the wiped rows', async () => {
    const own = await startTestServer();
    try {
      await seed(own);
      const key = 'pk_test_fixture_marco_0001';
      const seeded = await own.call<TranscriptsReply>('get-meeting-transcripts', key, {
        meeting_id: SEEDED_MEETING,
      });
      expect(seeded.status).toBe(200);
      const [first] = await own.store.transcription.utterancesInOrder(SEEDED_MEETING, 1);
      expect(first).toBeDefined();
      await own.call('update-transcript-utterance', key, {
        meeting_id: SEEDED_MEETING,
        id: first?.id,
        transcript: 'Edited before the reset.',
      });
      const made = await own.call<{ meeting_message: Message }>('summarize-meeting', key, {
        meeting_id: SEEDED_MEETING,
      });
      const edited = await own.call<TranscriptsReply>('get-meeting-transcripts', key, {
        meeting_id: SEEDED_MEETING,
      });
      expect(texts(edited)).toContain('Edited before the reset.');
      const cachedSummary = await own.call<SummaryReply>('get-meeting-summary', key, {
        meeting_id: SEEDED_MEETING,
      });
      expect(cachedSummary.body.summary.id).toBe(made.body.meeting_message.id);

      expect((await own.post('/_emulator/reset', undefined, admin)).status).toBe(200);
      await seed(own);
      const again = await own.call<TranscriptsReply>('get-meeting-transcripts', key, {
        meeting_id: SEEDED_MEETING,
      });
      expectSchema('get-meeting-transcripts.response', again.body);
      expect(again.body).toEqual(seeded.body);
      const summaryAgain = await own.call<SummaryReply>('get-meeting-summary', key, {
        meeting_id: SEEDED_MEETING,
      });
      expect(summaryAgain.body.summary.id).toBe(SEEDED_SUMMARY);
    } finally {
      await own.close();
    }
  });
});
