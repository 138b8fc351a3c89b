import { readFileSync } from 'node:fs';
import type { CachedSummary, TranscriptRecord } from '@parley/schemas/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test-support/databases.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../test-support/test-server.js';
import { randomIds } from './core/ids.js';

// Two server instances on one PostgreSQL database answer as one service: a write acknowledged by
// one is what the other answers next, although each keeps its own caches (summaries, transcripts,
// get-meetings' cached meeting JSON), and an emulator reset through one reaches the other.
// (scale-out.processes.test.ts does the same with real processes behind HAProxy.)

const postgres = testDatabases.find((d) => d.name === 'postgres');
if (!postgres) console.info('two-server coherence test skipped: PARLEY_TEST_PG_URL is unset');
const SEED_PATH = new URL('../../fixtures/json/seed.json', import.meta.url);
const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

interface Seed {
  meetings: { id: string; title: string }[];
  transcript_utterances: { meeting_id: string; transcript: string }[];
  api_keys: { user_id: string; key: string }[];
}

describe.skipIf(!postgres)('two servers on one PostgreSQL database', () => {
  let a: TestServer;
  let b: TestServer;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await postgres?.create();
    if (!database) throw new Error('no PostgreSQL test database');
    drop = database.drop;
    a = await startTestServer({ databaseUrl: database.url, ids: randomIds });
    b = await startTestServer({ databaseUrl: database.url, ids: randomIds });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('answers a summary re-made through one server fresh from the other', async () => {
    const host = await a.user('Host');
    const created = await a.call<{ meeting: { id: string } }>('create-meeting', host.key, { title: 'Plans' });
    const meetingId = created.body.meeting.id;
    const say = (text: string) =>
      a.call('send-meeting-message', host.key, { meeting_message: { meeting_id: meetingId, text } });
    const summaryFrom = async (server: TestServer) =>
      (
        await server.call<{ summary: CachedSummary }>('get-meeting-summary', host.key, {
          meeting_id: meetingId,
        })
      ).body.summary;

    await say('We agreed to ship the beta on Friday.');
    await a.call('summarize-meeting', host.key, { meeting_id: meetingId });
    const first = await summaryFrom(b);
    expect(first.summary.markdown_body).toContain('ship the beta on Friday');
    expect(await summaryFrom(b)).toEqual(first); // b serves it from its cache now

    await say('Correction: the beta ships on Monday, after the security review.');
    await a.call('summarize-meeting', host.key, { meeting_id: meetingId });
    const second = await summaryFrom(b);
    expect(second.summary.markdown_body).toContain('security review');
    expect(second).not.toEqual(first);
  });

  it('answers a corrected utterance through the other server at once', async () => {
    const host = await a.user('Speaker');
    const created = await a.call<{ meeting: { id: string } }>('create-meeting', host.key, {});
    const meetingId = created.body.meeting.id;
    const said = await a.store.transcription.insertUtterance({
      meeting_id: meetingId,
      message_id: 'msg_rec_1',
      start_seconds: 0,
      end_seconds: 1,
      transcript: 'the budget is ten',
      confidence: 0.9,
      language: 'en',
      speaker_v2: '1',
      texts: {},
    });
    const textsFrom = async (server: TestServer) =>
      (
        await server.call<{ transcripts: TranscriptRecord[] }>('get-meeting-transcripts', host.key, {
          meeting_id: meetingId,
        })
      ).body.transcripts.flatMap((t) => t.utterances.map((u) => u.text));
    expect(await textsFrom(b)).toEqual(['the budget is ten']);

    const corrected = await a.call('update-transcript-utterance', host.key, {
      id: said.id,
      meeting_id: meetingId,
      transcript: 'the budget is twelve',
    });
    expect(corrected.status).toBe(200);
    expect(await textsFrom(b)).toEqual(['the budget is twelve']);
  });

  it("drops the other server's cached meeting JSON and cached data on a reset", async () => {
    const seed = JSON.parse(readFileSync(SEED_PATH, 'utf8')) as Seed;
    const meetingId = seed.meetings[0]?.id ?? '';
    const key = seed.api_keys.find((k) => k.user_id === 'usr_a1c3e5')?.key ?? '';
    expect((await a.post('/_emulator/seed', seed, admin)).status).toBe(200);
    const titlesFrom = async (server: TestServer) =>
      (
        await server.call<{ meetings: { id: string; title: string }[] }>('get-meetings', key, { limit: 50 })
      ).body.meetings.find((m) => m.id === meetingId)?.title;
    const firstTextFrom = async (server: TestServer) =>
      (
        await server.call<{ transcripts: TranscriptRecord[] }>('get-meeting-transcripts', key, {
          meeting_id: meetingId,
        })
      ).body.transcripts[0]?.utterances[0]?.text;
    expect(await titlesFrom(b)).toBe(seed.meetings[0]?.title);
    const firstText = await firstTextFrom(b);

    // Same ids and updated_at after the reset, other content: only a dropped rendering shows it.
    const changed = structuredClone(seed);
    for (const m of changed.meetings) m.title = `${m.title} (again)`;
    for (const u of changed.transcript_utterances) u.transcript = `${u.transcript} (again)`;
    expect((await a.post('/_emulator/reset', undefined, admin)).status).toBe(200);
    expect((await a.post('/_emulator/seed', changed, admin)).status).toBe(200);
    expect(await titlesFrom(b)).toBe(`${seed.meetings[0]?.title} (again)`);
    expect(await firstTextFrom(b)).toBe(`${firstText} (again)`);
  });
});
