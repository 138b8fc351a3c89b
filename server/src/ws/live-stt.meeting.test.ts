import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-support/databases.js';
import { type RealEngines, realEngines } from '../../test-support/live-stt.js';
import {
  expectSchema,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../test-support/test-server.js';
import { FIRST_PAGE_CURSOR, MeetingStatus, StreamClose } from '../core/contracts.js';
import { fixtureFiles, fixturePcm, fixturesPresent } from '../engines/audio/fixture-audio.js';
import { concatPcm } from '../engines/audio/pcm.js';
import { ENGLISH_SENTENCES, silence, speak } from '../engines/audio/test-speech.js';
import { chunksOf, LiveSttClient } from './live-stt-client.js';

// A test that failed mid-stream must not leave its session holding a place for the next one.
afterEach(() => LiveSttClient.terminateOpen());

// The live socket mounted on the reference server: streams tied to a meeting by
// stream-config.meeting_id write its live transcription chunks and transcript utterances, which
// the REST routes then return; the meeting ends when its last stream finishes. On SQLite, and on
// PostgreSQL when PARLEY_TEST_PG_URL is set.

let engines: RealEngines;
let server: TestServer;
let host: TestUser;
let outsider: TestUser;
let speech: Int16Array;

let drop: () => Promise<void> = async () => {};

beforeAll(async () => {
  engines = await realEngines();
  const [file] = fixturesPresent ? fixtureFiles((f) => f.id === 'en-rms-02') : [];
  const pcm = file ? await fixturePcm(file) : await speak(ENGLISH_SENTENCES[1] ?? 'hello there', 'rms');
  speech = concatPcm([silence(400), pcm, silence(300)]);
});

const newMeeting = async (user: TestUser) =>
  (await server.call<{ meeting: { id: string } }>('create-meeting', user.key, {})).body.meeting.id;

const connect = (user: TestUser) =>
  LiveSttClient.connect(`${server.wsUrl}/v1/stt/stream`, { api_key: user.key });

async function meetingStatus(user: TestUser, id: string): Promise<string | undefined> {
  const reply = await server.call<{ meetings: { id: string; status: string }[] }>(
    'get-meetings',
    user.key,
    {},
  );
  return reply.body.meetings.find((m) => m.id === id)?.status;
}

describe.each(testDatabases)('live STT into a meeting on $name', (database) => {
  beforeAll(async () => {
    const created = await database.create();
    drop = created.drop;
    server = await startTestServer({ live: engines, databaseUrl: created.url });
    [host, outsider] = [await server.user('Host'), await server.user('Outsider')];
  });

  afterAll(async () => {
    await server?.close();
    await drop();
  });

  it('stores interims and finals as chunks and utterances the REST routes return, then ends the meeting', async () => {
    const meetingId = await newMeeting(host);
    // Read once before streaming, so a stale cached transcript would show below.
    expect((await server.call('get-meeting-transcripts', host.key, { meeting_id: meetingId })).status).toBe(
      200,
    );

    const client = await connect(host);
    client.sendConfig({ meeting_id: meetingId, session_id: 'sess_meeting_1' });
    await client.waitFor((f) => 'connected' in f);
    await client.stream(speech, { speed: 8 });
    client.end();
    expect((await client.closed).code).toBe(StreamClose.normal);
    const finals = chunksOf(client.frames).filter((c) => c.is_final);
    expect(finals.length).toBeGreaterThanOrEqual(1);

    const page = { meeting_id: meetingId, last_updated_at: FIRST_PAGE_CURSOR };
    const chunks = await server.call<{ chunks: Record<string, unknown>[] }>(
      'get-live-transcription-chunks',
      host.key,
      page,
    );
    expect(chunks.status).toBe(200);
    expectSchema('get-live-transcription-chunks.response', chunks.body);
    expect(chunks.body.chunks.map((c) => [c.id, c.text, c.is_final, c.meeting_message_id])).toEqual(
      finals.map((f) => [f.id, f.text, true, 'sess_meeting_1']),
    );

    const utterances = await server.call<{ utterances: Record<string, unknown>[] }>(
      'get-transcript-utterances',
      host.key,
      { ...page, message_id: 'sess_meeting_1' },
    );
    expectSchema('get-transcript-utterances.response', utterances.body);
    expect(utterances.body.utterances.map((u) => [u.id, u.transcript, u.message_id, u.language])).toEqual(
      finals.map((f) => [f.id, f.text, 'sess_meeting_1', 'en']),
    );
    const [first] = utterances.body.utterances;
    expect(first?.end_seconds as number).toBeGreaterThan(first?.start_seconds as number);

    const cached = await server.call<{ transcripts: { utterances: { text: string }[] }[] }>(
      'get-meeting-transcripts',
      host.key,
      { meeting_id: meetingId },
    );
    expect(cached.body.transcripts.flatMap((t) => t.utterances.map((u) => u.text))).toEqual(
      finals.map((f) => f.text),
    );

    // The end is recorded before `finished` goes out, so no waiting.
    expect(await meetingStatus(host, meetingId)).toBe(MeetingStatus.ENDED);
  });

  it("refuses another account's meeting with NOT_FOUND and close 4400, storing nothing", async () => {
    const meetingId = await newMeeting(host);
    const client = await connect(outsider);
    client.sendConfig({ meeting_id: meetingId });
    const closed = await client.closed;
    expect(closed.code).toBe(4400);
    expect(client.frames.at(-1)?.frame).toMatchObject({ error: { code: 'NOT_FOUND', close_code: 4400 } });
    const open = await server.store.liveSessions.countOpen(meetingId);
    expect(open).toBe(0);
    expect(await meetingStatus(host, meetingId)).toBe(MeetingStatus.LIVE);
  });

  it('ends the meeting only when its last open stream finishes; a dropped stream does not end it', async () => {
    const meetingId = await newMeeting(host);
    const open = async () => {
      const client = await connect(host);
      client.sendConfig({ meeting_id: meetingId });
      await client.waitFor((f) => 'connected' in f);
      return client;
    };
    const [a, b] = [await open(), await open()];
    b.end();
    expect((await b.closed).code).toBe(StreamClose.normal);
    a.close();
    await a.closed;
    const c = await open();
    // b finished while a was open, and a only dropped: still live.
    expect(await meetingStatus(host, meetingId)).toBe(MeetingStatus.LIVE);
    c.end();
    await c.closed;
    expect(await meetingStatus(host, meetingId)).toBe(MeetingStatus.ENDED);

    const late = await connect(host);
    late.sendConfig({ meeting_id: meetingId });
    expect((await late.closed).code).toBe(4400);
    expect(late.frames.at(-1)?.frame).toMatchObject({
      error: { code: 'BAD_REQUEST', message: 'Meeting has ended' },
    });
  });
});
