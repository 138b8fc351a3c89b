import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectSchema,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../test-support/test-server.js';
import { FIRST_PAGE_CURSOR, Limits } from '../../core/contracts.js';
import type { NewChunk, NewUtterance } from '../../store/transcription.store.js';

interface Chunk {
  id: string;
  text: string;
  is_final: boolean;
  meeting_message_id: string;
  updated_at: string;
  speaker_v2?: string;
}
interface Utterance {
  id: string;
  transcript: string;
  message_id: string;
  updated_at: string;
  texts: Record<string, string>;
}
type Page<K extends string, T> = { [key in K]: T[] } & { has_more: boolean };

let server: TestServer;
let host: TestUser;
let member: TestUser;
let outsider: TestUser;
let meetingId: string;
let otherMeetingId: string;

const chunk = (meeting: string, text: string, extra: Partial<NewChunk> = {}): NewChunk => ({
  meeting_id: meeting,
  meeting_message_id: 'msg_rec_1',
  session_id: null,
  text,
  language: 'en',
  start_duration: 0,
  end_duration: 1,
  is_final: true,
  speaker_v2: '0',
  texts: {},
  ...extra,
});
const utterance = (meeting: string, transcript: string, extra: Partial<NewUtterance> = {}): NewUtterance => ({
  meeting_id: meeting,
  message_id: 'msg_rec_1',
  start_seconds: 0,
  end_seconds: 1,
  transcript,
  confidence: 0.9,
  language: 'en',
  speaker_v2: '1',
  texts: { en: transcript, fr: `fr:${transcript}` },
  ...extra,
});

beforeAll(async () => {
  server = await startTestServer();
  host = await server.user('Host');
  member = await server.user('Member');
  outsider = await server.user('Outsider');
  const created = await server.call<{ meeting: { id: string } }>('create-meeting', host.key, {
    participant_ids: [member.userId],
  });
  meetingId = created.body.meeting.id;
  otherMeetingId = (await server.call<{ meeting: { id: string } }>('create-meeting', outsider.key, {})).body
    .meeting.id;
});
afterAll(() => server.close());

const chunks = (key: string, body: Record<string, unknown>) =>
  server.call<Page<'chunks', Chunk>>('get-live-transcription-chunks', key, body);
const utterances = (key: string, body: Record<string, unknown>) =>
  server.call<Page<'utterances', Utterance>>('get-transcript-utterances', key, body);

describe('get-live-transcription-chunks', () => {
  it('lists oldest first after the cursor, pages with updated_at, and filters by message_id', async () => {
    for (const text of ['one', 'two', 'three'])
      await server.store.transcription.insertChunk(chunk(meetingId, text));
    await server.store.transcription.insertChunk(
      chunk(meetingId, 'other recording', { meeting_message_id: 'msg_rec_2' }),
    );
    await server.store.transcription.insertChunk(chunk(otherMeetingId, 'not yours'));

    const first = await chunks(member.key, {
      meeting_id: meetingId,
      last_updated_at: FIRST_PAGE_CURSOR,
      limit: 2,
    });
    expect(first.status).toBe(200);
    expectSchema('get-live-transcription-chunks.response', first.body);
    expect(first.body.chunks.map((c) => c.text)).toEqual(['one', 'two']);
    expect(first.body.has_more).toBe(true);

    const rest = await chunks(member.key, {
      meeting_id: meetingId,
      last_updated_at: first.body.chunks.at(-1)?.updated_at,
    });
    expect(rest.body.chunks.map((c) => c.text)).toEqual(['three', 'other recording']);
    expect(rest.body.has_more).toBe(false);

    const filtered = await chunks(member.key, {
      meeting_id: meetingId,
      last_updated_at: FIRST_PAGE_CURSOR,
      message_id: 'msg_rec_2',
    });
    expect(filtered.body.chunks.map((c) => c.text)).toEqual(['other recording']);
  });

  it('returns an interim chunk again once it has been updated', async () => {
    const row = await server.store.transcription.insertChunk(
      chunk(meetingId, 'hel', { is_final: false, meeting_message_id: 'msg_rec_3' }),
    );
    const seen = await chunks(host.key, {
      meeting_id: meetingId,
      last_updated_at: FIRST_PAGE_CURSOR,
      message_id: 'msg_rec_3',
    });
    const cursor = seen.body.chunks.at(-1)?.updated_at;
    expect(seen.body.chunks).toMatchObject([{ id: row.id, text: 'hel', is_final: false }]);
    await server.store.transcription.updateChunk(meetingId, row.id, { text: 'hello', is_final: true });
    const again = await chunks(host.key, {
      meeting_id: meetingId,
      last_updated_at: cursor,
      message_id: 'msg_rec_3',
    });
    expect(again.body.chunks).toMatchObject([{ id: row.id, text: 'hello', is_final: true }]);
  });

  it('applies the default limit of 100 when limit is null', async () => {
    for (let i = 0; i < Limits.transcription.default + 1; i++) {
      await server.store.transcription.insertChunk(
        chunk(meetingId, `bulk ${i}`, { meeting_message_id: 'msg_bulk' }),
      );
    }
    const page = await chunks(host.key, {
      meeting_id: meetingId,
      last_updated_at: FIRST_PAGE_CURSOR,
      message_id: 'msg_bulk',
      limit: null,
    });
    expect(page.body.chunks).toHaveLength(Limits.transcription.default);
    expect(page.body.has_more).toBe(true);
  });

  it('is a 404 for a meeting the caller does not take part in, and 422 without the cursor', async () => {
    const foreign = await chunks(host.key, {
      meeting_id: otherMeetingId,
      last_updated_at: FIRST_PAGE_CURSOR,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ success: false, error: 'Meeting not found', code: 'NOT_FOUND' });
    const missing = await chunks(host.key, { meeting_id: meetingId });
    expect(missing.status).toBe(422);
    expectSchema('validation-error', missing.body);
  });
});

describe('get-transcript-utterances and update-transcript-utterance', () => {
  it('lists utterances oldest first; a correction moves the utterance behind the cursor', async () => {
    const a = await server.store.transcription.insertUtterance(utterance(meetingId, 'first'));
    await server.store.transcription.insertUtterance(utterance(meetingId, 'second'));
    const page = await utterances(member.key, { meeting_id: meetingId, last_updated_at: FIRST_PAGE_CURSOR });
    expect(page.status).toBe(200);
    expectSchema('get-transcript-utterances.response', page.body);
    expect(page.body.utterances.map((u) => u.transcript)).toEqual(['first', 'second']);
    const cursor = page.body.utterances.at(-1)?.updated_at;

    const updated = await server.call<{ utterance: Record<string, unknown> }>(
      'update-transcript-utterance',
      member.key,
      {
        id: a.id,
        meeting_id: meetingId,
        transcript: 'First, corrected',
      },
    );
    expect(updated.status).toBe(200);
    expectSchema('update-transcript-utterance.response', updated.body);
    expect(updated.body).toEqual({
      success: true,
      utterance: {
        id: a.id,
        meeting_id: meetingId,
        transcript: 'First, corrected',
        language: 'en',
        speaker_v2: '1',
        texts: { en: 'First, corrected', fr: 'fr:first' },
      },
    });

    const after = await utterances(member.key, { meeting_id: meetingId, last_updated_at: cursor });
    expect(after.body.utterances.map((u) => [u.id, u.transcript])).toEqual([[a.id, 'First, corrected']]);
    expect(Date.parse(after.body.utterances[0]?.updated_at ?? '')).toBeGreaterThan(Date.parse(cursor ?? ''));
  });

  it('an unknown id, or an utterance of another meeting, is a 404 and changes nothing', async () => {
    const theirs = await server.store.transcription.insertUtterance(utterance(otherMeetingId, 'theirs'));
    const unknown = await server.call('update-transcript-utterance', host.key, {
      id: 'utt_nope',
      meeting_id: meetingId,
      transcript: 'x',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, error: 'Utterance not found', code: 'NOT_FOUND' });
    const crossing = await server.call('update-transcript-utterance', host.key, {
      id: theirs.id,
      meeting_id: meetingId,
      transcript: 'hijacked',
    });
    expect(crossing.status).toBe(404);
    const foreign = await server.call('update-transcript-utterance', host.key, {
      id: theirs.id,
      meeting_id: otherMeetingId,
      transcript: 'hijacked',
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ error: 'Meeting not found' });
    expect((await server.store.transcription.getUtterance(otherMeetingId, theirs.id))?.transcript).toBe(
      'theirs',
    );
  });

  it('refuses an update without transcript (422)', async () => {
    const reply = await server.call('update-transcript-utterance', host.key, {
      id: 'utt_1',
      meeting_id: meetingId,
    });
    expect(reply.status).toBe(422);
    expectSchema('validation-error', reply.body);
  });
});
